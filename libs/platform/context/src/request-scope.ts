/**
 * Whom a call is answered for: a live call, or a sandbox call (made with a test key,
 * `nlk_test_…`), which is answered from recorded data, never reaches an upstream and is cached
 * under keys of its own. Services read it once, where a message enters the domain, and pass it
 * to whatever acts on it: the upstream port and the cache key.
 */
export interface RequestScope {
  readonly sandbox: boolean;
}

export const LIVE: RequestScope = Object.freeze({ sandbox: false });
export const SANDBOX: RequestScope = Object.freeze({ sandbox: true });
