import { DomainError } from '@nl/platform-errors';
import { DEFAULT_RETRY_AFTER_SECONDS, UpstreamError } from './upstream-error.js';

/** The codes of an upstream's failure once it is a coded error (passed on by another call). */
const UPSTREAM_FAILURE_CODES: ReadonlySet<string> = new Set([
  'upstream_timeout',
  'upstream_unavailable',
]);

/**
 * The upstream refused to answer for now (HTTP 429, its rate limit or quota): the caller is
 * told to come back after `retryAfterSeconds`, and the client should not ask again before.
 */
export class UpstreamBusy extends UpstreamError {
  constructor(
    upstream: string,
    override readonly retryAfterSeconds: number,
  ) {
    super(
      upstream,
      'unavailable',
      `${upstream} rate-limits us; asking again after ${retryAfterSeconds} s`,
    );
    this.name = 'UpstreamBusy';
  }
}

/**
 * How long an upstream asks us to wait, in whole seconds: `Retry-After` (seconds or an HTTP
 * date), else a rate-limit reset header in seconds (`X-Rate-Limit-Reset`, `RateLimit-Reset`),
 * else `fallback`. Never less than 1 s nor more than a day.
 */
export function retryAfterOf(headers: Headers, fallback = DEFAULT_RETRY_AFTER_SECONDS): number {
  const clamp = (seconds: number) => Math.min(86_400, Math.max(1, Math.ceil(seconds)));
  const retryAfter = headers.get('retry-after')?.trim();
  if (retryAfter) {
    if (/^\d+$/.test(retryAfter)) return clamp(Number(retryAfter));
    const at = Date.parse(retryAfter);
    if (Number.isFinite(at)) return clamp((at - Date.now()) / 1000);
  }
  for (const name of ['x-rate-limit-reset', 'ratelimit-reset']) {
    const value = headers.get(name)?.trim();
    // A small number is a delay in seconds; an epoch timestamp is not one we can trust here.
    if (value && /^\d+$/.test(value) && Number(value) <= 86_400) return clamp(Number(value));
  }
  return fallback;
}

/**
 * Whether an error is a failure of an upstream, not of our input or code: an
 * {@link UpstreamError}, or the coded error one became on its way to us (a cached step that
 * answered `upstream_unavailable`). A cached answer may stand in for it.
 */
export function isUpstreamFailure(error: unknown): boolean {
  return (
    error instanceof UpstreamError ||
    (error instanceof DomainError && UPSTREAM_FAILURE_CODES.has(error.code))
  );
}

/** Rethrows an {@link UpstreamError} as its coded error; anything else unchanged. */
export function asDomainError(error: unknown): unknown {
  return error instanceof UpstreamError ? error.toDomainError() : error;
}

/** For `.catch(...)`: rethrows an {@link UpstreamError} as its coded error, anything else as is. */
export function rethrowAsDomainError(error: unknown): never {
  throw asDomainError(error);
}
