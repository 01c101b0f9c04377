import { TIERS, TIER_NAMES, formatCredits, type EndpointDefinition } from '@nl/contracts-core';

function formatDuration(ms: number): string {
  if (ms % 86_400_000 === 0) return `${ms / 86_400_000} day${ms === 86_400_000 ? '' : 's'}`;
  if (ms % 3_600_000 === 0) return `${ms / 3_600_000} h`;
  if (ms % 60_000 === 0) return `${ms / 60_000} min`;
  return `${ms / 1000} s`;
}

/** The price, limits and caching paragraph every operation of the OpenAPI document carries. */
export function describeEndpoint(endpoint: EndpointDefinition): string {
  const limits = TIERS.map((tier) => {
    const limit = endpoint.limits[tier];
    if (limit === undefined) return `${TIER_NAMES[tier]}: not available`;
    const gate = endpoint.subscription && tier === 'paid' ? ' (with subscription)' : '';
    return `${TIER_NAMES[tier]}${gate}: ${limit}/min`;
  }).join(', ');
  return [
    endpoint.description,
    '',
    `**Price:** ${formatCredits(endpoint.price.fresh)} credits (served from cache: ${formatCredits(endpoint.price.cached)}). Only successful (2xx) calls are charged.`,
    '',
    `**Rate limits per API key:** ${limits}.`,
    '',
    `**Cache:** ${endpoint.cacheTtlMs === null ? 'not cached' : formatDuration(endpoint.cacheTtlMs)}. **Timeout:** ${formatDuration(endpoint.timeoutMs)}.`,
    '',
    `**Pay per request (x402):** ${endpoint.x402 ? `accepted, price ${formatCredits(endpoint.price.fresh)} credits in USDC` : 'not accepted'}.`,
  ].join('\n');
}
