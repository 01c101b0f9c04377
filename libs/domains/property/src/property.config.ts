import { defineConfigSection } from '@nl/platform-config';

export interface PropertySettings {
  readonly pdok: { readonly url: string | null };
  readonly bag: { readonly url: string | null; readonly apiKey: string | null };
  readonly woz: { readonly url: string | null };
  readonly epOnline: { readonly url: string | null; readonly apiKey: string | null };
  readonly plans: { readonly url: string | null; readonly apiKey: string | null };
}

/** What the property service reads from the environment; no other process loads it. */
export const PROPERTY_CONFIG = defineConfigSection<PropertySettings>(
  'property',
  [
    {
      name: 'PDOK_URL',
      description:
        'Base URL of PDOK Locatieserver v3.1 (no key, free, fair use): suggestions, address ids and coordinates. `off`: the property endpoints answer 503 (not configured).',
      default: 'https://api.pdok.nl/bzk/locatieserver/search/v3_1',
      upstream: 'http',
    },
    {
      name: 'BAG_URL',
      description:
        'Base URL of the BAG API Individuele Bevragingen v2 (Kadaster). Used only with BAG_API_KEY; `off`: address records come from PDOK alone.',
      default: 'https://api.bag.kadaster.nl/lvbag/individuelebevragingen/v2',
      upstream: 'http',
    },
    {
      name: 'BAG_API_KEY',
      description:
        'Key of the BAG API (header X-Api-Key; free, from https://formulieren.kadaster.nl/aanvraag_bag_api_individuele_bevragingen_productie). Unset: address records have the PDOK members only, the BAG-only ones null.',
      secret: true,
    },
    {
      name: 'WOZ_URL',
      description:
        'Base URL of the WOZ-waardeloket API (Kadaster; no key, unofficial, per-object use only: never crawled). `off`: property values answer 503 (not configured).',
      default: 'https://api.kadaster.nl/lvwoz/wozwaardeloket-api/v1',
      upstream: 'http',
    },
    {
      name: 'EP_ONLINE_URL',
      description:
        'Base URL of the EP-Online public API v5 (RVO energy labels). Used only with EP_ONLINE_API_KEY; `off`: dossiers have no energy labels (partial).',
      default: 'https://public.ep-online.nl/api/v5',
      upstream: 'http',
    },
    {
      name: 'EP_ONLINE_API_KEY',
      description:
        'Key of the EP-Online API (sent as the bare `Authorization` header; free, requested from RVO). Unset: the energy members of a dossier are null and the dossier is partial (meta.sources says not_configured).',
      secret: true,
    },
    {
      name: 'RUIMTELIJKE_PLANNEN_URL',
      description:
        'Base URL of the Ruimtelijke Plannen Opvragen API v4 (DSO). Used only with RUIMTELIJKE_PLANNEN_API_KEY; `off`: /v1/dso/plans answers 503 and dossiers have no spatial_planning (partial).',
      default: 'https://ruimte.omgevingswet.overheid.nl/ruimtelijke-plannen/api/opvragen/v4',
      upstream: 'http',
    },
    {
      name: 'RUIMTELIJKE_PLANNEN_API_KEY',
      description:
        'Key of the Ruimtelijke Plannen API (header x-api-key; free, from https://developer.omgevingswet.overheid.nl/formulieren/api-key-aanvragen-0/). Unset: /v1/dso/plans answers 503 (not configured) and dossiers say so in meta.sources.',
      secret: true,
    },
  ],
  (read) => ({
    pdok: { url: read.url('PDOK_URL') },
    bag: { url: read.url('BAG_URL'), apiKey: read.string('BAG_API_KEY') },
    woz: { url: read.url('WOZ_URL') },
    epOnline: { url: read.url('EP_ONLINE_URL'), apiKey: read.string('EP_ONLINE_API_KEY') },
    plans: {
      url: read.url('RUIMTELIJKE_PLANNEN_URL'),
      apiKey: read.string('RUIMTELIJKE_PLANNEN_API_KEY'),
    },
  }),
);
