import type { HealthIndicator } from '@nl/platform-health';
import type { UpstreamClient } from './upstream-client.js';

/**
 * Reports an upstream's circuit and last outcomes under `/health/ready` without ever making
 * the service unready: a service with one upstream down still answers from its cache and
 * stored copies (the product is never down because one upstream is).
 */
export function upstreamHealth(client: UpstreamClient): HealthIndicator {
  return {
    name: `upstream:${client.name}`,
    check: () => Promise.resolve({ status: 'up', ...client.status() }),
  };
}

/** The same for an upstream that may be unconfigured on this server (`configured: false`). */
export function optionalUpstreamHealth(
  name: string,
  client: UpstreamClient | null,
): HealthIndicator {
  return client
    ? upstreamHealth(client)
    : {
        name: `upstream:${name}`,
        check: () => Promise.resolve({ status: 'up', configured: false }),
      };
}
