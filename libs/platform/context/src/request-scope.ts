/**
 * Whom a call is answered for: a live call, or a sandbox call (made with a test key,
 * `nlk_test_…`), which is answered from recorded data, never reaches an upstream and is cached
 * under keys of its own. Services read it once, where a message enters the domain, and pass it
 * to whatever acts on it: the upstream port and the cache key.
 */
export interface RequestScope {
  readonly sandbox: boolean;
  /** The caller asked for an answer from the source, not a cached one (`Cache-Control: no-cache`). */
  readonly bypassCache?: boolean;
}

export const LIVE: RequestScope = Object.freeze({ sandbox: false });
export const SANDBOX: RequestScope = Object.freeze({ sandbox: true });
export const LIVE_BYPASS: RequestScope = Object.freeze({ sandbox: false, bypassCache: true });
export const SANDBOX_BYPASS: RequestScope = Object.freeze({ sandbox: true, bypassCache: true });
