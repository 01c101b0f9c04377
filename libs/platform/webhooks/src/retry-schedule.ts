import type { DeliveryOutcome } from './webhook-sender.js';

/**
 * Waits after the 1st, 2nd, … failed attempt, as the Standard Webhooks guidance suggests:
 * quick at first (a blip), then hours apart (an outage). Past the list the last wait repeats.
 */
export const RETRY_DELAYS_MS: readonly number[] = [
  5_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3600_000,
  5 * 3600_000,
  10 * 3600_000,
];

/** No attempt later than this after the first: the event is stale by then. */
export const DELIVERY_WINDOW_MS = 24 * 3600_000;

/**
 * Each wait is scaled by a random factor in [1 - JITTER, 1 + JITTER], so endpoints that failed
 * together (one outage) are not all retried in the same second. Neighbouring waits differ at
 * least 2×, so even with jitter the schedule keeps its order.
 */
export const RETRY_JITTER = 0.1;

export interface RetryInput {
  /** Failed attempts so far, ≥ 1. */
  failures: number;
  firstAttemptAt: Date;
  /** When the last failure was seen: the wait counts from here. */
  now: Date;
  /** A receiver's Retry-After: waited at least this long. */
  retryAfterMs?: number;
  /** Uniform in [0, 1); Math.random unless a test pins it. */
  random?: () => number;
}

/**
 * When to try again after `failures` failed attempts, or `null` to give up. A wait that would
 * end past the 24-hour window is cut to end on it, so the last attempt is made at the window's
 * end; once that one is spent (or a Retry-After asks for more) the delivery gives up.
 */
export function nextAttemptAt(input: RetryInput): Date | null {
  const { failures, firstAttemptAt, now, retryAfterMs = 0 } = input;
  if (!Number.isInteger(failures) || failures < 1)
    throw new RangeError('nextAttemptAt counts failed attempts from 1');
  const base = RETRY_DELAYS_MS[Math.min(failures, RETRY_DELAYS_MS.length) - 1];
  const jitter = 1 + RETRY_JITTER * (2 * (input.random ?? Math.random)() - 1);
  const wait = Math.max(Math.round(base * jitter), retryAfterMs);
  const deadline = firstAttemptAt.getTime() + DELIVERY_WINDOW_MS;
  if (now.getTime() >= deadline) return null;
  const at = now.getTime() + wait;
  if (at <= deadline) return new Date(at);
  return retryAfterMs > 0 && now.getTime() + retryAfterMs > deadline ? null : new Date(deadline);
}

/** Whether an outcome is worth another attempt: the receiver may recover, or it said so. */
export function isRetryable(outcome: DeliveryOutcome): boolean {
  switch (outcome.outcome) {
    case 'delivered':
      return false;
    case 'refused':
      // A name that does not resolve now may resolve later (a DNS outage, ours or theirs); an
      // address or URL that is not allowed stays so.
      return outcome.reason === 'unresolvable';
    case 'network_error':
    case 'timeout':
      return true;
    case 'http_error':
      // 4xx says the request itself is wrong (gone, unauthorised, rejected): repeating it won't
      // help. 408 and 429 are the exceptions: "too slow" and "too many" pass with time. A 3xx
      // is retried like a 5xx: a moved endpoint is usually a configuration its owner fixes.
      return outcome.status < 400 || outcome.status >= 500 || [408, 429].includes(outcome.status);
  }
}

export type RetryDecision =
  | { action: 'done' }
  | { action: 'retry'; at: Date }
  | { action: 'give_up'; why: 'final_outcome' | 'window_over' };

/** What to do after an attempt: the one place that joins the outcome and the schedule. */
export function planAfterAttempt(
  outcome: DeliveryOutcome,
  schedule: Omit<RetryInput, 'now' | 'retryAfterMs'>,
): RetryDecision {
  if (outcome.outcome === 'delivered') return { action: 'done' };
  if (!isRetryable(outcome)) return { action: 'give_up', why: 'final_outcome' };
  const at = nextAttemptAt({
    ...schedule,
    now: new Date(outcome.attemptedAt.getTime() + outcome.durationMs),
    ...(outcome.outcome === 'http_error' && outcome.retryAfterMs !== undefined
      ? { retryAfterMs: outcome.retryAfterMs }
      : {}),
  });
  return at ? { action: 'retry', at } : { action: 'give_up', why: 'window_over' };
}
