import { BoundedMap } from './bounded-map.js';
import type { CacheStore } from './failover-store.js';

interface Slot {
  readonly value: unknown;
  /** Epoch ms after which the entry is gone; Infinity without a TTL. */
  readonly expiresAt: number;
}

/**
 * The in-process cache store (the standalone profile, and the fallback while Redis is down): a
 * bounded map of objects as they are, no JSON round trip per hit (DomainCache freezes what it
 * stores). It is what cache-manager over Keyv over a Map did, minus their layers of promises
 * and hooks on every lookup of a cached call: an entry lives `ttlMs`, then reads as missing and
 * is dropped.
 */
export class MemoryStore implements CacheStore {
  private readonly slots: BoundedMap<string, Slot>;

  constructor(
    readonly namespace: string,
    maxEntries: number,
  ) {
    this.slots = new BoundedMap(maxEntries);
  }

  get<T>(key: string): Promise<T | undefined> {
    const slot = this.slots.get(key);
    if (slot && slot.expiresAt <= Date.now()) this.slots.delete(key);
    else if (slot) return Promise.resolve(slot.value as T);
    return Promise.resolve(undefined);
  }

  set<T>(key: string, value: T, ttlMs?: number): Promise<boolean> {
    const expiresAt = ttlMs && ttlMs > 0 ? Date.now() + ttlMs : Infinity;
    this.slots.set(key, { value, expiresAt });
    return Promise.resolve(true);
  }
}
