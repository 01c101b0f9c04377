import type { CacheState } from '@nl/contracts-core';
import type { Logger } from '@nl/platform-logging';
import { counter } from '@nl/platform-health';
import { asDomainError, isUpstreamFailure } from '@nl/platform-upstream';
import { freshMsOf, isKept, storeKeyOf, type CacheKey, type KeptPolicy } from './cache-key.js';
import type { CacheStore } from './failover-store.js';

interface Entry<T> {
  readonly value: T;
  readonly fetchedAt: string;
  readonly expiresAt: number;
}

export interface Cached<T> {
  readonly value: T;
  readonly state: CacheState;
  readonly fetchedAt: string;
  /** For a stale answer: the source's failure it stands in for. */
  readonly failure?: unknown;
}

/**
 * Where an answer may come from when its load failed with an upstream failure and no cached
 * copy may stand in (a durable store of last answers); undefined when it has none either.
 */
export type LastResort<T> = (failure: unknown) => Promise<Cached<T> | undefined>;

/**
 * Cached values are shared between callers (the memory store keeps objects, not copies), so
 * they are frozen when stored: a service that tried to change one would fail at once, on a
 * miss as on a hit, instead of corrupting later answers.
 */
function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

const lookups = counter({
  name: 'cache_lookups_total',
  help: 'Cache lookups by namespace and outcome (hit, miss, stale).',
  labelNames: ['namespace', 'state'] as const,
});

/**
 * Cache-aside for one service: fresh hits, single-flight misses (concurrent misses of one key
 * share one load), and stale copies when the source fails, each by the policy its key names. A
 * failing cache store never fails a request: the value is loaded as if it were a miss. Sandbox
 * keys are kept apart from live ones. A key whose scope bypasses the cache is loaded (and the
 * fresh answer stored) even when a fresh copy is there.
 */
export class DomainCache {
  private readonly inFlight = new Map<string, Promise<Cached<unknown>>>();

  constructor(
    readonly namespace: string,
    private readonly store: CacheStore,
    private readonly logger: Logger,
  ) {}

  /**
   * The answer of `key` through the cache, `load`ed on a miss and kept as its policy says. When
   * the load fails with an upstream failure, a copy within the policy's stale-if-error window
   * stands in (`stale`), else `lastResort`'s answer; failing those, the failure is thrown as the
   * caller's coded error (the upstream error's own). Any other error is thrown as it is.
   */
  async through<T>(
    key: CacheKey,
    load: () => Promise<T>,
    lastResort?: LastResort<T>,
  ): Promise<Cached<T>> {
    try {
      return await this.lookup(key, load);
    } catch (error) {
      const answer = lastResort && isUpstreamFailure(error) ? await lastResort(error) : undefined;
      if (answer) return answer;
      throw asDomainError(error);
    }
  }

  private async lookup<T>(key: CacheKey, load: () => Promise<T>): Promise<Cached<T>> {
    const { policy } = key;
    if (!isKept(policy))
      return { value: await load(), state: 'miss', fetchedAt: new Date().toISOString() };
    const storeKey = storeKeyOf(key);
    const entry = await this.read<T>(storeKey);
    // A caller that asked for the source's answer gets no fresh copy; a stale one may still
    // stand in when the source fails (it says so: `stale`).
    if (entry && entry.expiresAt > Date.now() && !key.scope.bypassCache)
      return this.count({ value: entry.value, state: 'hit', fetchedAt: entry.fetchedAt });

    const pending = this.inFlight.get(storeKey);
    if (pending) return pending as Promise<Cached<T>>;
    const loading = this.load(storeKey, load, policy, entry);
    const shared = loading.finally(() => this.inFlight.delete(storeKey));
    this.inFlight.set(storeKey, shared);
    return shared;
  }

  private async load<T>(
    storeKey: string,
    load: () => Promise<T>,
    policy: KeptPolicy,
    stale?: Entry<T>,
  ): Promise<Cached<T>> {
    const staleMs = policy.staleIfErrorMs ?? 0;
    let value: T;
    try {
      value = await load();
    } catch (error) {
      if (stale && staleMs > 0 && isUpstreamFailure(error)) {
        const { value, fetchedAt } = stale;
        return this.count({ value, state: 'stale', fetchedAt, failure: error });
      }
      throw error;
    }
    const fetchedAt = new Date().toISOString();
    const ttlMs = freshMsOf(policy, value);
    const entry: Entry<T> = deepFreeze({ value, fetchedAt, expiresAt: Date.now() + ttlMs });
    await this.store.set(storeKey, entry, ttlMs + staleMs).catch((error: unknown) => {
      this.logger.warn({ err: error, namespace: this.namespace }, 'cache write failed');
    });
    return this.count({ value: entry.value, state: 'miss', fetchedAt });
  }

  private async read<T>(key: string): Promise<Entry<T> | undefined> {
    try {
      return (await this.store.get<Entry<T>>(key)) ?? undefined;
    } catch (error) {
      this.logger.warn(
        { err: error, namespace: this.namespace },
        'cache read failed; loading instead',
      );
      return undefined;
    }
  }

  private count<T>(result: Cached<T>): Cached<T> {
    lookups.inc({ namespace: this.namespace, state: result.state });
    return result;
  }
}
