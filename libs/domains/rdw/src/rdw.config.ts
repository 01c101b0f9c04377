import { defineConfigSection } from '@nl/platform-config';

export interface RdwSettings {
  /** Base URL of RDW open data; null: vehicle lookups answer 503 until it is set. */
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
        'Base URL of RDW open data (https://opendata.rdw.nl). Unset: vehicle lookups answer 503 (not configured).',
      example: 'https://opendata.rdw.nl',
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
