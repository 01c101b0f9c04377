import type { HealthIndicator } from '@nl/platform-health';

/**
 * Reports an upstream's circuit and last outcomes (or `configured: false`) under
 * `/health/ready` without ever making the service unready: a service with one upstream down
 * still answers from its cache and stored copies (the product is never down because one
 * upstream is).
 */
export function upstreamHealth(upstream: {
  readonly name: string;
  status(): Record<string, unknown>;
}): HealthIndicator {
  return {
    name: `upstream:${upstream.name}`,
    check: () => Promise.resolve({ status: 'up', ...upstream.status() }),
  };
}
