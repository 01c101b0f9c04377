import { UpstreamError, upstreamDomainError } from './upstream-error.js';
import { UpstreamBusy, retryAfterOf } from './upstream-errors.js';

describe(retryAfterOf.name, () => {
  it.each([
    [{ 'retry-after': '120' }, 120],
    [{ 'retry-after': '0' }, 1],
    [{ 'retry-after': '999999' }, 86_400],
    [{ 'x-rate-limit-reset': '1' }, 1],
    [{ 'ratelimit-reset': '30' }, 30],
    [{ 'x-rate-limit-reset': '1764000000' }, 60],
    [{}, 60],
  ])('should read %j as %i seconds', (headers, seconds) => {
    expect(retryAfterOf(new Headers(headers))).toBe(seconds);
  });

  it('should read an HTTP date as the seconds until then', () => {
    const at = new Date(Date.now() + 90_000).toUTCString();
    expect(retryAfterOf(new Headers({ 'retry-after': at }))).toBeGreaterThanOrEqual(89);
    expect(retryAfterOf(new Headers({ 'retry-after': at }))).toBeLessThanOrEqual(91);
  });
});

describe(upstreamDomainError.name, () => {
  it('should pass on the Retry-After of an upstream that rate-limits us', () => {
    expect(upstreamDomainError(new UpstreamBusy('woz', 120))).toMatchObject({
      code: 'upstream_unavailable',
      extra: { retryAfterSeconds: 120, details: { upstream: 'woz', reason: 'unavailable' } },
    });
  });

  it('should answer a timeout 504 and anything else 503, after the default 60 s', () => {
    expect(upstreamDomainError(new UpstreamError('pdok', 'timeout', 'slow'))).toMatchObject({
      code: 'upstream_timeout',
      extra: { retryAfterSeconds: 60 },
    });
    expect(upstreamDomainError(new UpstreamError('pdok', 'circuit_open', 'open'))).toMatchObject({
      code: 'upstream_unavailable',
    });
  });
});
