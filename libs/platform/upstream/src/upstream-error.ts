import { DomainError } from '@nl/platform-errors';

export type UpstreamFailure = 'timeout' | 'unavailable' | 'circuit_open';

/** Seconds a caller is told to wait when an upstream gave no answer and did not say how long. */
export const DEFAULT_RETRY_AFTER_SECONDS = 60;

/**
 * The upstream could not be asked or did not answer: never an answer to interpret. It is what a
 * cached answer may stand in for (within its stale-if-error window); else the caller gets
 * {@link UpstreamError.toDomainError}. A domain's own kind of upstream failure extends it, and
 * overrides that when its callers are told more.
 */
export class UpstreamError extends Error {
  /** How long the caller is told to wait (Retry-After). */
  readonly retryAfterSeconds: number = DEFAULT_RETRY_AFTER_SECONDS;

  constructor(
    readonly upstream: string,
    readonly kind: UpstreamFailure,
    message: string,
    override readonly cause?: unknown,
  ) {
    super(message);
    this.name = 'UpstreamError';
  }

  /** The coded error a caller gets when no stored answer may stand in: 504 for a timeout, else 503. */
  toDomainError(): DomainError {
    return upstreamDomainError(this);
  }
}

/** The coded error a caller gets when an upstream gave no usable answer. */
export function upstreamDomainError(error: UpstreamError): DomainError {
  return new DomainError(
    error.kind === 'timeout' ? 'upstream_timeout' : 'upstream_unavailable',
    error.message,
    {
      retryAfterSeconds: error.retryAfterSeconds,
      details: { upstream: error.upstream, reason: error.kind },
    },
  );
}
