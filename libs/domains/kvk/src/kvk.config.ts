import { defineConfigSection } from '@nl/platform-config';

export interface KvkSettings {
  /** Base URL of the KVK APIs; null (`off`): company lookups answer 503 (not configured). */
  readonly url: string | null;
  /** Without a key the live client is not built: 503 (not configured), never test data. */
  readonly apiKey: string | null;
}

/** What the kvk service reads from the environment; no other process loads it. */
export const KVK_CONFIG = defineConfigSection<KvkSettings>(
  'kvk',
  [
    {
      name: 'KVK_URL',
      description:
        'Base URL of the KVK Handelsregister APIs (Zoeken, Basisprofiel, Vestigingsprofiel). Needs KVK_API_KEY. `off`: company search and lookups answer 503 (not configured).',
      default: 'https://api.kvk.nl/api',
      upstream: 'http',
    },
    {
      name: 'KVK_API_KEY',
      description:
        'KVK API key (header `apikey`; KVK developer portal, "Apply for the KVK APIs": €6.20 a month plus €0.02 a profile call, searches free). Unset: company search and lookups answer 503 (not configured).',
      secret: true,
    },
  ],
  (read) => ({ url: read.url('KVK_URL'), apiKey: read.string('KVK_API_KEY') }),
);
