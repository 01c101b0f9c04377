import type { EndpointDefinition, Tier } from '@nl/contracts-core';

export type EndpointAccess =
  | { readonly available: true; readonly limitPerMinute: number }
  | { readonly available: false; readonly missing: 'tier' | 'subscription' };

/**
 * Whether a caller may use an endpoint, and at what per-minute limit: the caller's tier needs a
 * limit in the endpoint's row, and the Paid tier also needs the endpoint's subscription
 * (Premium includes every subscription). The tier step enforces this; `/v1/account` shows it.
 */
export function endpointAccess(
  endpoint: Pick<EndpointDefinition, 'limits' | 'subscription'>,
  caller: { readonly tier: Tier; readonly subscriptions: readonly string[] },
): EndpointAccess {
  const limit = endpoint.limits[caller.tier];
  if (limit === undefined) return { available: false, missing: 'tier' };
  const { subscription } = endpoint;
  if (subscription && caller.tier === 'paid' && !caller.subscriptions.includes(subscription))
    return { available: false, missing: 'subscription' };
  return { available: true, limitPerMinute: limit };
}
