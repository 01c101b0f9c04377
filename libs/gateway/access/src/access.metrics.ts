import type { Tier } from '@nl/contracts-core';
import { counter } from '@nl/platform-health';

/**
 * Calls refused for a rate limit. 429 answers are counted where every answer is too, in the
 * request pipeline.
 */
const rateLimited = counter({
  name: 'gateway_rate_limited_total',
  help: 'Calls refused with 429 for passing a per-minute limit, by endpoint and tier.',
  labelNames: ['endpoint', 'tier'] as const,
});

export function countRateLimited(endpoint: string, tier: Tier): void {
  rateLimited.inc({ endpoint, tier });
}
