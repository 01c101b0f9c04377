import type { RedisClientType } from '@redis/client';

/**
 * Where one-time messages between a form post and the page after its redirect wait: set once,
 * read once (the read removes them), gone after their time-to-live in any case.
 */
export interface FlashBackend {
  put(id: string, value: string, ttlMs: number): Promise<void>;
  /** The value, removed in the same step, so two reads never both get it; null when none. */
  take(id: string): Promise<string | null>;
}

/**
 * The embedded profile's flashes: the process's memory, since that profile is one process (a
 * flash lives seconds, so a restart losing one costs a notice, or a new key's secret, which
 * the page then says cannot be shown).
 */
export class MemoryFlashes implements FlashBackend {
  private readonly values = new Map<string, { value: string; expiresAt: number }>();

  put(id: string, value: string, ttlMs: number): Promise<void> {
    const now = Date.now();
    for (const [key, entry] of this.values) if (entry.expiresAt <= now) this.values.delete(key);
    this.values.set(id, { value, expiresAt: now + ttlMs });
    return Promise.resolve();
  }

  take(id: string): Promise<string | null> {
    const entry = this.values.get(id);
    this.values.delete(id);
    return Promise.resolve(entry && entry.expiresAt > Date.now() ? entry.value : null);
  }
}

/** The distributed profile's flashes: Redis, so the page after a redirect may be any replica's. */
export class RedisFlashes implements FlashBackend {
  constructor(
    private readonly redis: RedisClientType,
    private readonly prefix: string,
    private readonly unavailable: () => Error,
  ) {}

  private key = (id: string) => `${this.prefix}:f:${id}`;

  async put(id: string, value: string, ttlMs: number): Promise<void> {
    if (!this.redis.isReady) throw this.unavailable();
    await this.redis
      .set(this.key(id), value, { expiration: { type: 'PX', value: ttlMs } })
      .catch(() => Promise.reject(this.unavailable()));
  }

  async take(id: string): Promise<string | null> {
    if (!this.redis.isReady) throw this.unavailable();
    return this.redis.getDel(this.key(id)).catch(() => Promise.reject(this.unavailable()));
  }
}
