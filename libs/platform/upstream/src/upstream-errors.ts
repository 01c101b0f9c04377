import { DomainError } from '@nl/platform-errors';
import { UpstreamError } from './upstream-client.js';

/** The coded error a caller gets when an upstream gave no usable answer. */
export function upstreamDomainError(error: UpstreamError, retryAfterSeconds = 60): DomainError {
  return new DomainError(
    error.kind === 'timeout' ? 'upstream_timeout' : 'upstream_unavailable',
    error.message,
    { retryAfterSeconds, details: { upstream: error.upstream, reason: error.kind } },
  );
}

/** Rethrows an {@link UpstreamError} as its coded error; anything else unchanged. */
export function asDomainError(error: unknown): unknown {
  return error instanceof UpstreamError ? upstreamDomainError(error) : error;
}
