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
