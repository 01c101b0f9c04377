import type { CacheState } from '@nl/contracts-core';
import { inSandbox, type Logger } from '@nl/platform-logging';
import { talliedCounter } from '@nl/platform-health';
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
}

export interface CacheOptions<T = unknown> {
  /** How long an answer is fresh; a function when that depends on the answer. */
  readonly ttlMs: number | ((value: T) => number);
  /** How long past its TTL an answer is kept to serve when the source fails (default: the TTL). */
  readonly staleMs?: number;
  /** Which load errors may be answered from a stale copy (default: none). */
  readonly serveStaleOn?: (error: unknown) => boolean;
}

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

const lookups = talliedCounter({
  name: 'cache_lookups_total',
  help: 'Cache lookups by namespace and outcome (hit, miss, stale).',
  labelNames: ['namespace', 'state'] as const,
});

/**
 * Sandbox (test-key) answers live under their own keys, so a recorded answer can never be served
 * to a live key, nor a live one to a test key.
 */
const SANDBOX_PREFIX = 'sandbox:';

/**
 * Cache-aside for one service: fresh hits, single-flight misses (concurrent misses of one key share
 * one load), and stale copies when the source fails. A failing cache store never fails a request:
 * the value is loaded as if it were a miss. Sandbox calls read and write a namespace of their own.
 */
export class DomainCache {
  private readonly inFlight = new Map<string, Promise<Cached<unknown>>>();

  constructor(
    readonly namespace: string,
    private readonly store: CacheStore,
    private readonly logger: Logger,
  ) {}

  async getOrLoad<T>(
    answerKey: string,
    load: () => Promise<T>,
    options: CacheOptions<T>,
  ): Promise<Cached<T>> {
    const key = inSandbox() ? `${SANDBOX_PREFIX}${answerKey}` : answerKey;
    const entry = await this.read<T>(key);
    if (entry && entry.expiresAt > Date.now())
      return this.count({ value: entry.value, state: 'hit', fetchedAt: entry.fetchedAt });

    const pending = this.inFlight.get(key);
    if (pending) return pending as Promise<Cached<T>>;
    const loading = this.load(key, load, options, entry).finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, loading);
    return loading;
  }

  private async load<T>(
    key: string,
    load: () => Promise<T>,
    options: CacheOptions<T>,
    stale?: Entry<T>,
  ): Promise<Cached<T>> {
    let value: T;
    try {
      value = await load();
    } catch (error) {
      if (stale && options.serveStaleOn?.(error)) {
        return this.count({ value: stale.value, state: 'stale', fetchedAt: stale.fetchedAt });
      }
      throw error;
    }
    const fetchedAt = new Date().toISOString();
    const ttlMs = typeof options.ttlMs === 'function' ? options.ttlMs(value) : options.ttlMs;
    const entry: Entry<T> = deepFreeze({ value, fetchedAt, expiresAt: Date.now() + ttlMs });
    await this.store.set(key, entry, ttlMs + (options.staleMs ?? ttlMs)).catch((error: unknown) => {
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
