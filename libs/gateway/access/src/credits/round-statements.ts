import { int8Array, textArray, uuidArray } from './binary-arrays.js';
import type { ReservationRequest } from './credit-backend.js';
import { closeMany, reserveMany } from './credits.sql.js';
import { capReachedOf, type CapRow, type ReserveOutcome } from './spend-caps.js';

// The Postgres credit rounds' statements (SqlCredits): their texts, their parameters in the
// binary array format, and the reservations' outcomes read back from their rows.

/** A settlement or release queued for a round. */
export interface Closing {
  readonly chargeId: string;
  readonly kind: 'settle' | 'release';
  readonly charge: number;
  /** Reserved here for a capped key: closed with the statement that gives its spend back. */
  readonly capped: boolean;
}

/** The statements' texts, plain and capped, built once (a prepared statement is found by its text). */
export const RESERVE_MANY = [reserveMany(false), reserveMany(true)] as const;
export const CLOSE_MANY = [closeMany(false), closeMany(true)] as const;

/** A reservation batch's parameters (`$1`–`$5` of RESERVE_MANY and CLOSE_AND_RESERVE), binary. */
export function reserveParams(chargeIds: readonly string[], batch: readonly ReservationRequest[]) {
  return [
    uuidArray(chargeIds),
    uuidArray(batch.map((r) => r.accountId)),
    int8Array(batch.map((r) => r.amount)),
    textArray(batch.map((r) => r.endpoint)),
    textArray(batch.map((r) => r.requestId)),
  ];
}

/** A close batch's parameters: charge ids, charges and kinds, binary. */
export function closeParams(batch: readonly Closing[]): Buffer[] {
  return [
    uuidArray(batch.map((c) => c.chargeId)),
    int8Array(batch.map((c) => c.charge)),
    textArray(batch.map((c) => c.kind)),
  ];
}

/** A reservation statement's row: reserved or not, the balance, and the cap in the way. */
export type ReservedRow = {
  charge_id: string;
  reserved: boolean | null;
  balance: string | null;
} & Partial<CapRow>;

/** Each reservation's outcome from its statement's rows (the cap columns only in a capped one). */
export function reserveOutcomes(
  chargeIds: readonly string[],
  rows: readonly ReservedRow[],
  capped: boolean,
): ReserveOutcome[] {
  const byId = new Map(rows.map((r) => [r.charge_id, r]));
  return chargeIds.map((chargeId): ReserveOutcome => {
    const row = byId.get(chargeId);
    if (row?.reserved) return { ok: true, chargeId, balance: Number(row.balance) };
    const capReached = capped ? capReachedOf(row as CapRow | undefined) : null;
    return capReached
      ? { ok: false, reason: 'spend_cap', capReached, balance: Number(row?.balance) }
      : { ok: false, reason: 'balance' };
  });
}
