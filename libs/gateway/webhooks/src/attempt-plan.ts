import { planAfterAttempt, type DeliveryOutcome } from '@nl/platform-webhooks';
import type { AttemptResult } from './deliveries.sql.js';

/** The status an outcome carries, for the log (an answer's HTTP status; null without one). */
const statusOf = (o: DeliveryOutcome) =>
  o.outcome === 'delivered' || o.outcome === 'http_error' ? o.status : null;

/** What went wrong, in one line for the log; null for a delivery. */
function errorOf(o: DeliveryOutcome): string | null {
  switch (o.outcome) {
    case 'delivered':
      return null;
    case 'http_error':
      return o.location ? `HTTP ${o.status}, Location: ${o.location}` : `HTTP ${o.status}`;
    case 'network_error':
      return o.error;
    case 'timeout':
      return `no answer within ${o.timeoutMs} ms`;
    case 'refused':
      return `${o.reason}: ${o.error}`;
  }
}

/**
 * The result of an attempt: delivered, given up (failed), or pending until the next attempt.
 * The schedule (platform-webhooks' planAfterAttempt) is run on a clock slowed or sped up by
 * `scale` around the first attempt: every wait, a Retry-After and the 24-hour window shrink
 * together, so a test at 0.001 sees the real schedule's shape in milliseconds.
 */
export function attemptResult(
  outcome: DeliveryOutcome,
  failures: number,
  firstAttemptAt: Date,
  scale = 1,
): AttemptResult {
  const first = firstAttemptAt.getTime();
  const toScaled = (at: number) => new Date(first + (at - first) / scale);
  // A Retry-After stays as it was said: on the scaled clock it shrinks with every other wait.
  const scaled: DeliveryOutcome = {
    ...outcome,
    attemptedAt: toScaled(outcome.attemptedAt.getTime()),
    durationMs: outcome.durationMs / scale,
  };
  const plan = planAfterAttempt(scaled, { failures, firstAttemptAt });
  const record = {
    at: outcome.attemptedAt.toISOString(),
    outcome: outcome.outcome,
    status: statusOf(outcome),
    ms: outcome.durationMs,
  };
  const common = {
    status: record.status,
    outcome: outcome.outcome,
    error: errorOf(outcome),
    record,
  };
  if (plan.action === 'done') return { ...common, state: 'delivered', nextAttemptAt: null };
  if (plan.action === 'give_up') return { ...common, state: 'failed', nextAttemptAt: null };
  const at = first + (plan.at.getTime() - first) * scale;
  return { ...common, state: 'pending', nextAttemptAt: new Date(Math.round(at)) };
}
