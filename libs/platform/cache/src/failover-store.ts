/** The two operations {@link DomainCache} needs from a cache store (cache-manager's `Cache` has them). */
export interface CacheStore {
  get<T>(key: string): Promise<T | null | undefined>;
  set<T>(key: string, value: T, ttlMs?: number): Promise<unknown>;
}

/** Longest a cache call may take before the fallback answers (a Redis that hangs, not closes). */
const PRIMARY_TIMEOUT_MS = 500;

function withTimeout<T>(operation: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('cache call timed out')), PRIMARY_TIMEOUT_MS);
  });
  return Promise.race([operation, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Redis while it is ready, an in-process store while it is not: a cache outage costs the hit
 * rate of one replica, never a request's latency. The check is a flag of the client, so no
 * call ever waits on a Redis that is gone; a call that fails in the instant Redis drops is
 * answered by the fallback too.
 */
export class FailoverStore implements CacheStore {
  constructor(
    private readonly primary: CacheStore,
    private readonly fallback: CacheStore,
    private readonly primaryReady: () => boolean,
  ) {}

  async get<T>(key: string): Promise<T | null | undefined> {
    if (!this.primaryReady()) return this.fallback.get<T>(key);
    try {
      return await withTimeout(this.primary.get<T>(key));
    } catch {
      return this.fallback.get<T>(key);
    }
  }

  async set<T>(key: string, value: T, ttlMs?: number): Promise<unknown> {
    if (!this.primaryReady()) return this.fallback.set(key, value, ttlMs);
    try {
      return await withTimeout(this.primary.set(key, value, ttlMs));
    } catch {
      return this.fallback.set(key, value, ttlMs);
    }
  }
}
