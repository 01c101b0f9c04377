import { parseRetryAfter } from './retry-after.js';
import {
  DELIVERY_WINDOW_MS,
  isRetryable,
  nextAttemptAt,
  planAfterAttempt,
  RETRY_DELAYS_MS,
  RETRY_JITTER,
} from './retry-schedule.js';
import type { DeliveryOutcome } from './webhook-sender.js';

const HOUR = 3600_000;
const start = new Date('2026-01-01T00:00:00Z');

/** Every attempt time (ms after the first) for a receiver that always fails instantly. */
function schedule(random: () => number): number[] {
  const times = [0];
  for (let failures = 1; failures < 50; failures++) {
    const now = new Date(start.getTime() + times[times.length - 1]);
    const next = nextAttemptAt({ failures, firstAttemptAt: start, now, random });
    if (!next) return times;
    times.push(next.getTime() - start.getTime());
  }
  throw new Error('the schedule never ended');
}

const outcome = (o: Partial<DeliveryOutcome> & Pick<DeliveryOutcome, 'outcome'>) =>
  ({ messageId: 'msg_1', attemptedAt: start, durationMs: 0, ...o }) as DeliveryOutcome;

describe('retry schedule', () => {
  it('without jitter: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, then a last try at 24 h', () => {
    expect(schedule(() => 0.5)).toEqual([
      0,
      5_000,
      5_000 + 5 * 60_000,
      5_000 + 35 * 60_000,
      5_000 + 35 * 60_000 + 2 * HOUR,
      5_000 + 35 * 60_000 + 7 * HOUR,
      5_000 + 35 * 60_000 + 17 * HOUR,
      24 * HOUR,
    ]);
  });

  it.each([0, 0.999999, 0.25])('rises and ends at 24 h whatever the jitter (%s)', (r) => {
    const times = schedule(() => r);
    for (let i = 1; i < times.length; i++) expect(times[i]).toBeGreaterThan(times[i - 1]);
    expect(times[times.length - 1]).toBe(DELIVERY_WINDOW_MS);
  });

  it('keeps each wait within the jitter bound of its base', () => {
    for (let failures = 1; failures <= RETRY_DELAYS_MS.length; failures++) {
      const base = RETRY_DELAYS_MS[failures - 1];
      for (const r of [0, 0.5, 0.999999]) {
        const at = nextAttemptAt({ failures, firstAttemptAt: start, now: start, random: () => r });
        const wait = (at?.getTime() ?? Infinity) - start.getTime();
        expect(wait).toBeGreaterThanOrEqual(Math.floor(base * (1 - RETRY_JITTER)));
        expect(wait).toBeLessThanOrEqual(Math.ceil(base * (1 + RETRY_JITTER)));
      }
    }
    const lo = nextAttemptAt({ failures: 1, firstAttemptAt: start, now: start, random: () => 0 });
    const hi = nextAttemptAt({
      failures: 1,
      firstAttemptAt: start,
      now: start,
      random: () => 0.99,
    });
    expect(lo?.getTime()).not.toBe(hi?.getTime());
  });

  it('gives up once the window is over', () => {
    const now = new Date(start.getTime() + DELIVERY_WINDOW_MS);
    expect(nextAttemptAt({ failures: 8, firstAttemptAt: start, now })).toBeNull();
  });

  it('honours Retry-After when it is longer than the back-off', () => {
    const at = nextAttemptAt({
      failures: 1,
      firstAttemptAt: start,
      now: start,
      retryAfterMs: 10 * 60_000,
      random: () => 0.5,
    });
    expect(at?.getTime()).toBe(start.getTime() + 10 * 60_000);
    const late = new Date(start.getTime() + 23 * HOUR);
    const beyond = { failures: 3, firstAttemptAt: start, now: late, retryAfterMs: 2 * HOUR };
    expect(nextAttemptAt(beyond)).toBeNull();
  });

  it('refuses a failure count below one', () => {
    expect(() => nextAttemptAt({ failures: 0, firstAttemptAt: start, now: start })).toThrow(
      RangeError,
    );
  });
});

const label = (o: DeliveryOutcome) =>
  'status' in o ? `${o.outcome} ${o.status}` : 'reason' in o ? `refused ${o.reason}` : o.outcome;

describe('which outcomes are retried', () => {
  it.each(
    (
      [
        [outcome({ outcome: 'network_error', error: 'ECONNRESET' }), true],
        [outcome({ outcome: 'timeout', timeoutMs: 10_000 }), true],
        [outcome({ outcome: 'http_error', status: 500, body: '' }), true],
        [outcome({ outcome: 'http_error', status: 503, body: '' }), true],
        [outcome({ outcome: 'http_error', status: 429, body: '' }), true],
        [outcome({ outcome: 'http_error', status: 408, body: '' }), true],
        [outcome({ outcome: 'http_error', status: 302, body: '' }), true],
        [outcome({ outcome: 'http_error', status: 400, body: '' }), false],
        [outcome({ outcome: 'http_error', status: 404, body: '' }), false],
        [outcome({ outcome: 'http_error', status: 410, body: '' }), false],
        [outcome({ outcome: 'refused', reason: 'private_address', error: '' }), false],
        [outcome({ outcome: 'refused', reason: 'not_https', error: '' }), false],
        [outcome({ outcome: 'refused', reason: 'unresolvable', error: '' }), true],
        [outcome({ outcome: 'delivered', status: 200, body: '' }), false],
      ] as const
    ).map(([o, retried]) => [label(o), o, retried] as const),
  )('%s → retried: %s', (_label, o, retried) => {
    expect(isRetryable(o)).toBe(retried);
  });

  it('plans: done, retry at the scheduled time with Retry-After, or give up', () => {
    const plan = { failures: 1, firstAttemptAt: start, random: () => 0.5 };
    expect(
      planAfterAttempt(outcome({ outcome: 'delivered', status: 200, body: '' }), plan),
    ).toEqual({
      action: 'done',
    });
    const limited = outcome({ outcome: 'http_error', status: 429, body: '', retryAfterMs: 60_000 });
    expect(planAfterAttempt(limited, plan)).toEqual({
      action: 'retry',
      at: new Date(start.getTime() + 60_000),
    });
    const gone = outcome({ outcome: 'http_error', status: 410, body: '' });
    expect(planAfterAttempt(gone, plan)).toEqual({ action: 'give_up', why: 'final_outcome' });
    const late = outcome({
      outcome: 'timeout',
      timeoutMs: 1,
      attemptedAt: new Date(start.getTime() + 25 * HOUR),
    });
    expect(planAfterAttempt(late, plan)).toEqual({ action: 'give_up', why: 'window_over' });
  });
});

describe('parseRetryAfter', () => {
  const now = new Date('2026-01-01T00:00:00Z');
  it('reads seconds and HTTP dates, ignores junk', () => {
    expect(parseRetryAfter('30', now)).toBe(30_000);
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:02:00 GMT', now)).toBe(120_000);
    expect(parseRetryAfter('Wed, 31 Dec 2025 23:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
    expect(parseRetryAfter('9999999', now)).toBe(24 * HOUR);
  });
});
