import { defineConfigSection } from '@nl/platform-config';

export interface PropertySettings {
  /** Base URL of the upstream; null (unset or off): lookups answer 503 (not configured). */
  readonly url: string | null;
  readonly apiKey: string | null;
}

/** What the property service reads from the environment; no other process loads it. */
export const PROPERTY_CONFIG = defineConfigSection<PropertySettings>(
  'property',
  [
    {
      name: 'PROPERTY_URL',
      description:
        'Base URL of the property upstream (TODO: its production URL as the default if it needs no key). Unset or `off`: property lookups answer 503 (not configured).',
      example: 'https://api.example.org/property',
      upstream: 'http',
    },
    {
      name: 'PROPERTY_API_KEY',
      description: 'API key of the property upstream (TODO: where to get one), sent as X-Api-Key.',
      secret: true,
    },
  ],
  (read) => ({ url: read.url('PROPERTY_URL'), apiKey: read.string('PROPERTY_API_KEY') }),
);
