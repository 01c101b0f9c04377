import type { CachePolicy } from '@nl/contracts-core';
import type { RequestScope } from '@nl/platform-context';

/**
 * Sandbox (test-key) answers live under their own keys, so a recorded answer can never be served
 * to a live key, nor a live one to a test key.
 */
const SANDBOX_PREFIX = 'sandbox:';

/**
 * One cached answer: its name in the service's namespace, the policy it is cached by (a catalog
 * row or an upstream registration), and the scope it is for.
 */
export interface CacheKey {
  readonly name: string;
  readonly policy: CachePolicy;
  readonly scope: RequestScope;
}

/** The key of the answer `name`, cached by `policy`, for a call in `scope`. */
export function cacheKey(scope: RequestScope, policy: CachePolicy, name: string): CacheKey {
  return { name, policy, scope };
}

/** Where the cache store keeps the answer of `key`. */
export function storeKeyOf(key: CacheKey): string {
  return key.scope.sandbox ? `${SANDBOX_PREFIX}${key.name}` : key.name;
}

/** A policy that caches (its TTL is set). */
export type KeptPolicy = CachePolicy & { readonly cacheTtlMs: number };

export const isKept = (policy: CachePolicy): policy is KeptPolicy => policy.cacheTtlMs !== null;

/**
 * How long a loaded answer is fresh: the policy's TTL, or its partial TTL for an answer that says
 * it is not complete (`complete: false`).
 */
export function freshMsOf(policy: KeptPolicy, value: unknown): number {
  const partial =
    typeof value === 'object' &&
    value !== null &&
    (value as { complete?: unknown }).complete === false;
  return partial && policy.partialCacheTtlMs !== undefined
    ? policy.partialCacheTtlMs
    : policy.cacheTtlMs;
}
