import { allRows } from '@nl/gateway-ledger';
import type { DataSource } from 'typeorm';
import type { AttemptRecord } from './entities/webhook-delivery.entity.js';

/** How many attempts a delivery's log keeps: the last ones, enough to see a pattern. */
export const ATTEMPT_LOG_SIZE = 10;

/** A delivery taken for one attempt: `attempts` already counts it. */
export interface ClaimedDelivery {
  readonly id: string;
  readonly accountId: string;
  readonly url: string;
  readonly payload: object;
  readonly attempts: number;
  readonly firstAttemptAt: Date;
}

interface ClaimedRow {
  id: string;
  account_id: string;
  url: string;
  payload: object;
  attempts: number;
  first_attempt_at: Date;
}

/**
 * Takes up to `limit` due deliveries for an attempt each. In one statement: the rows are locked
 * with SKIP LOCKED (a replica claiming at the same moment takes other rows, or none), the
 * attempt is counted and `next_attempt_at` moves `leaseMs` ahead. So no other replica takes
 * the row while the attempt runs, and if this process dies mid-attempt the row is due again
 * when the lease ends: an attempt is lost at worst, never made twice at once.
 */
export async function claimDue(
  db: DataSource,
  now: Date,
  leaseMs: number,
  limit: number,
): Promise<ClaimedDelivery[]> {
  const rows = allRows<ClaimedRow>(
    await db.query(
      `UPDATE gw.webhook_delivery d
       SET attempts = d.attempts + 1, first_attempt_at = coalesce(d.first_attempt_at, $1),
           next_attempt_at = $2, updated_at = now()
       WHERE d.id IN (
         SELECT id FROM gw.webhook_delivery
         WHERE state = 'pending' AND next_attempt_at <= $1
         ORDER BY next_attempt_at LIMIT $3
         FOR UPDATE SKIP LOCKED)
       RETURNING d.id, d.account_id, d.url, d.payload, d.attempts, d.first_attempt_at`,
      [now, new Date(now.getTime() + leaseMs), limit],
    ),
  );
  return rows.map((r) => ({
    id: r.id,
    accountId: r.account_id,
    url: r.url,
    payload: typeof r.payload === 'string' ? (JSON.parse(r.payload) as object) : r.payload,
    attempts: r.attempts,
    firstAttemptAt: new Date(r.first_attempt_at),
  }));
}

/** What an attempt came to, for its row. */
export interface AttemptResult {
  readonly state: 'pending' | 'delivered' | 'failed';
  /** The next attempt's time while pending; null once settled. */
  readonly nextAttemptAt: Date | null;
  readonly status: number | null;
  readonly outcome: string;
  readonly error: string | null;
  readonly record: AttemptRecord;
}

/**
 * Writes an attempt's result to its delivery, appending it to the log (the oldest entry goes
 * once there are {@link ATTEMPT_LOG_SIZE}). Only while the row is still the attempt's: pending
 * with the attempt count it was claimed with.
 */
export async function recordAttempt(
  db: DataSource,
  claimed: Pick<ClaimedDelivery, 'id' | 'attempts'>,
  result: AttemptResult,
): Promise<void> {
  await db.query(
    `UPDATE gw.webhook_delivery
     SET state = $3, next_attempt_at = $4, last_status = $5, last_outcome = $6, last_error = $7,
         attempt_log = CASE WHEN jsonb_array_length(attempt_log) >= ${ATTEMPT_LOG_SIZE}
                            THEN (attempt_log - 0) || $8::jsonb ELSE attempt_log || $8::jsonb END,
         updated_at = now()
     WHERE id = $1 AND attempts = $2 AND state = 'pending'`,
    [
      claimed.id,
      claimed.attempts,
      result.state,
      result.nextAttemptAt,
      result.status,
      result.outcome,
      result.error,
      JSON.stringify([result.record]),
    ],
  );
}

/** One delivery as its owner's log shows it. */
export interface DeliveryLogEntry {
  readonly id: string;
  readonly type: string;
  readonly url: string;
  readonly state: 'pending' | 'delivered' | 'failed';
  readonly attempts: number;
  readonly lastStatus: number | null;
  readonly lastOutcome: string | null;
  readonly lastError: string | null;
  readonly recentAttempts: AttemptRecord[];
  readonly createdAt: Date;
  readonly nextAttemptAt: Date | null;
}

interface LogRow {
  id: string;
  event_type: string;
  url: string;
  state: DeliveryLogEntry['state'];
  attempts: number;
  last_status: number | null;
  last_outcome: string | null;
  last_error: string | null;
  attempt_log: AttemptRecord[] | string;
  created_at: Date;
  next_attempt_at: Date | null;
}

/** The account's last `limit` deliveries, newest first. */
export async function deliveryLog(
  db: DataSource,
  accountId: string,
  limit: number,
): Promise<DeliveryLogEntry[]> {
  const rows = (await db.query(
    `SELECT id, event_type, url, state, attempts, last_status, last_outcome, last_error,
            attempt_log, created_at, next_attempt_at
     FROM gw.webhook_delivery WHERE account_id = $1
     ORDER BY created_at DESC, id LIMIT $2`,
    [accountId, limit],
  )) as LogRow[];
  return rows.map((r) => ({
    id: r.id,
    type: r.event_type,
    url: r.url,
    state: r.state,
    attempts: r.attempts,
    lastStatus: r.last_status,
    lastOutcome: r.last_outcome,
    lastError: r.last_error,
    recentAttempts:
      typeof r.attempt_log === 'string'
        ? (JSON.parse(r.attempt_log) as AttemptRecord[])
        : r.attempt_log,
    createdAt: new Date(r.created_at),
    nextAttemptAt: r.next_attempt_at === null ? null : new Date(r.next_attempt_at),
  }));
}

/**
 * Removes deliveries settled before `before`; answers how many. Pending ones stay whatever
 * their age (the 24-hour window settles them).
 */
export async function pruneSettled(db: DataSource, before: Date): Promise<number> {
  const removed = allRows<{ id: string }>(
    await db.query(
      `DELETE FROM gw.webhook_delivery
       WHERE state <> 'pending' AND updated_at < $1 RETURNING id`,
      [before],
    ),
  );
  return removed.length;
}
