import { defineConfigSection } from '@nl/platform-config';

export interface GatewaySettings {
  /** Token of the admin API; null turns the admin API off. */
  readonly adminToken: string | null;
}

/** What only the gateway reads from the environment. */
export const GATEWAY_CONFIG = defineConfigSection<GatewaySettings>(
  'gateway',
  [
    {
      name: 'ADMIN_TOKEN',
      description:
        'Token for the gateway’s /admin API (header X-Admin-Token), at least 24 characters; the admin API is off without it.',
      secret: true,
    },
  ],
  (read) => {
    const adminToken = read.string('ADMIN_TOKEN');
    if (adminToken !== null && adminToken.length < 24)
      read.problem('ADMIN_TOKEN must be at least 24 characters');
    return { adminToken };
  },
);
