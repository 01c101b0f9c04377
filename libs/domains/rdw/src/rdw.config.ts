import { defineConfigSection } from '@nl/platform-config';

export interface RdwSettings {
  /** Base URL of RDW open data; null (`RDW_URL=off`): vehicle lookups answer 503. */
  readonly url: string | null;
  readonly appToken: string | null;
}

/** What the rdw service reads from the environment; no other process loads it. */
export const RDW_CONFIG = defineConfigSection<RdwSettings>(
  'rdw',
  [
    {
      name: 'RDW_URL',
      description:
        'Base URL of RDW open data (no key, free, CC0). `off`: vehicle lookups answer 503 (not configured).',
      default: 'https://opendata.rdw.nl',
      upstream: 'http',
    },
    {
      name: 'RDW_APP_TOKEN',
      description:
        'Optional Socrata app token for RDW open data (header X-App-Token): its own rate pool.',
      secret: true,
    },
  ],
  (read) => ({ url: read.url('RDW_URL'), appToken: read.string('RDW_APP_TOKEN') }),
);
