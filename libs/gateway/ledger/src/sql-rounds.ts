import { preparedQuery } from '@nl/platform-database';
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import type { ChargeOutcome, ReservationRequest } from './credit-backend.js';
import { uuidArray } from './binary-arrays.js';
import { CREDIT_CYCLE } from './credit-cycle.sql.js';
import { GIVE_BACK } from './credits.sql.js';
import { withStatementRetry } from './rows.js';
import {
  CLOSE_MANY,
  RESERVE_MANY,
  closeParams,
  closedBalances,
  cycleOutcomes,
  cycleParams,
  firstCloses,
  isCharge,
  reserveOutcomes,
  reserveParams,
  type Closing,
  type CycleRequest,
  type ReservedRow,
} from './round-statements.js';
import type { ReserveOutcome } from './spend-caps.js';

/** A reservation or a charge (a {@link CycleRequest}), or a close, as queued for the next round. */
export type Job =
  | { readonly request: CycleRequest; readonly close?: undefined }
  | { readonly close: Closing; readonly request?: undefined };

/** What a job is answered: a reservation's or a charge's outcome, or a close's balance. */
export type Answer = ReserveOutcome | ChargeOutcome | number | null;

/** What a closed reservation had counted on its key (key_id null: nothing). */
interface ClosedSpend {
  readonly key_id: string | null;
  readonly spend_day: string | null;
  readonly back: string;
}

/**
 * One round of the Postgres credits' queue (SqlCredits): the closes, reservations and charges
 * that came while the last round ran, in as few statements as they allow, each answered in the
 * order asked. Without caps that is one statement (CREDIT_CYCLE); capped reservations and
 * closes take statements of their own.
 */
export async function runRound(db: DataSource, jobs: readonly Job[]): Promise<Answer[]> {
  const closes = jobs.flatMap((j) => j.close ?? []);
  const requests = jobs.flatMap((j) => j.request ?? []);
  const reserves = requests.filter((r): r is ReservationRequest => !isCharge(r));
  const capped = reserves.some((r) => r.keyId) || closes.some((c) => c.capped);
  let closed: (number | null)[] = [];
  let answered: (ReserveOutcome | ChargeOutcome)[] = [];
  if (!capped && (reserves.length < requests.length || (reserves.length && closes.length))) {
    [closed, answered] = await cycle(db, closes, requests);
  } else {
    // Capped reservations and closes take their own statements; charges (never capped) follow.
    if (closes.length) closed = await closeMany(db, closes);
    const reserved = reserves.length ? await reserveMany(db, reserves) : [];
    const charges = requests.filter(isCharge);
    const charged = charges.length ? (await cycle(db, [], charges))[1] : [];
    let r = 0;
    let c = 0;
    answered = requests.map((q) => (isCharge(q) ? charged[c++] : reserved[r++]));
  }
  let c = 0;
  let q = 0;
  return jobs.map((j) => (j.close ? closed[c++] : answered[q++]));
}

/** Closes, reservations and charges of keys without caps in one statement (CREDIT_CYCLE). */
async function cycle(
  db: DataSource,
  all: readonly Closing[],
  requests: readonly CycleRequest[],
): Promise<[(number | null)[], (ReserveOutcome | ChargeOutcome)[]]> {
  const closes = firstCloses(all);
  const { chargeIds, params } = cycleParams(requests);
  type Row = ReservedRow & ClosedSpend & { side: 'c' | 'r' };
  const rows = await withStatementRetry(() =>
    preparedQuery<Row>(db, CREDIT_CYCLE, [...params, ...closeParams(closes)]),
  );
  const closedRows = rows.filter((row) => row.side === 'c');
  await giveBack(db, closedRows);
  return [closedBalances(all, closes, closedRows), cycleOutcomes(requests, chargeIds, rows)];
}

/** Reserves a batch in one statement (RESERVE_MANY); the capped form if any key has caps. */
async function reserveMany(
  db: DataSource,
  batch: readonly ReservationRequest[],
): Promise<ReserveOutcome[]> {
  const chargeIds = batch.map(() => randomUUID());
  const capped = batch.some((r) => r.keyId);
  const params = reserveParams(chargeIds, batch);
  if (capped) params.push(uuidArray(batch.map((r) => r.keyId)));
  const rows = await withStatementRetry(() =>
    preparedQuery<ReservedRow>(db, RESERVE_MANY[capped ? 1 : 0], params),
  );
  return reserveOutcomes(chargeIds, rows, capped);
}

/** Settles and releases a batch in one statement; the balance after it, or null per charge. */
async function closeMany(db: DataSource, all: readonly Closing[]): Promise<(number | null)[]> {
  const batch = firstCloses(all);
  const capped = batch.some((c) => c.capped);
  const rows = await withStatementRetry(() =>
    preparedQuery<{ charge_id: string; balance: string } & ClosedSpend>(
      db,
      CLOSE_MANY[capped ? 1 : 0],
      closeParams(batch),
    ),
  );
  if (!capped) await giveBack(db, rows);
  return closedBalances(all, batch, rows);
}

/** Gives back the spend of counted reservations the plain close statement closed. */
async function giveBack(db: DataSource, closed: readonly ClosedSpend[]): Promise<void> {
  const counted = closed.filter((c) => c.key_id !== null);
  if (counted.length === 0) return;
  await withStatementRetry(() =>
    db.query(GIVE_BACK, [
      counted.map((c) => c.key_id),
      counted.map((c) => c.spend_day),
      counted.map((c) => c.back),
    ]),
  );
}
