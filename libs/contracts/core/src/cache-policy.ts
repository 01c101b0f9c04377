/**
 * How a service caches one kind of answer, declared once: on the catalog row of the endpoint
 * that answers it, or on the upstream registration for an upstream's own answers that several
 * endpoints share. The service's cache reads it; no service writes a TTL of its own.
 */
export interface CachePolicy {
  /** How long an answer is fresh; null when it is never cached. */
  readonly cacheTtlMs: number | null;
  /**
   * Stale-if-error: how long past its TTL an answer is kept to stand in, marked `stale`, when
   * its source fails (an upstream that does not answer, or answers with an outage). Unset: an
   * answer past its TTL never stands in.
   */
  readonly staleIfErrorMs?: number;
  /**
   * How long a partial answer (assembled while one of its sources failed: it says
   * `complete: false`) is fresh, so that a source that is back fills it soon. Unset: the TTL.
   */
  readonly partialCacheTtlMs?: number;
}
