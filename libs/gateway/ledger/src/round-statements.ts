import { randomUUID } from 'node:crypto';
import { int8Array, textArray, uuidArray } from './binary-arrays.js';
import type { ChargeOutcome, ChargeRequest, ReservationRequest } from './credit-backend.js';
import { closeMany } from './credits.sql.js';
import { reserveMany } from './reserve.sql.js';
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

/** A reservation batch's parameters (`$1`–`$5` of RESERVE_MANY), binary. */
export function reserveParams(
  chargeIds: readonly string[],
  batch: readonly (ReservationRequest | ChargeRequest)[],
) {
  return [
    uuidArray(chargeIds),
    uuidArray(batch.map((r) => r.accountId)),
    int8Array(batch.map((r) => r.amount)),
    textArray(batch.map((r) => r.endpoint)),
    textArray(batch.map((r) => r.requestId)),
  ];
}

/** A request of CREDIT_CYCLE: a reservation, or a charge after the fact (it has `charge`). */
export type CycleRequest = ReservationRequest | ChargeRequest;

/** Whether a cycle request is a charge after the fact. */
export const isCharge = (request: CycleRequest): request is ChargeRequest => 'charge' in request;

/** CREDIT_CYCLE's requests (`$1`–`$6`): a reservation gets a new charge id, a charge keeps its own. */
export function cycleParams(requests: readonly CycleRequest[]): {
  chargeIds: string[];
  params: Buffer[];
} {
  const chargeIds = requests.map((r) => (isCharge(r) ? r.chargeId : randomUUID()));
  const charges = requests.map((r) => (isCharge(r) ? r.charge : null));
  return { chargeIds, params: [...reserveParams(chargeIds, requests), int8Array(charges)] };
}

/** A close batch's parameters: charge ids, charges and kinds, binary. */
export function closeParams(batch: readonly Closing[]): Buffer[] {
  return [
    uuidArray(batch.map((c) => c.chargeId)),
    int8Array(batch.map((c) => c.charge)),
    textArray(batch.map((c) => c.kind)),
  ];
}

/**
 * A reservation statement's row: reserved (for a charge: admitted) or not, the balance, the cap
 * in the way, and for a charge whether its row was written.
 */
export type ReservedRow = {
  charge_id: string;
  reserved: boolean | null;
  written?: boolean | null;
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
    if (capReached)
      return { ok: false, reason: 'spend_cap', capReached, balance: Number(row?.balance) };
    return row?.balance == null
      ? { ok: false, reason: 'balance' }
      : { ok: false, reason: 'balance', balance: Number(row.balance) };
  });
}

/** Each CREDIT_CYCLE request's outcome from the statement's rows: a reservation's or a charge's. */
export function cycleOutcomes(
  requests: readonly CycleRequest[],
  chargeIds: readonly string[],
  rows: readonly ReservedRow[],
): (ReserveOutcome | ChargeOutcome)[] {
  const reserved = reserveOutcomes(chargeIds, rows, false);
  const byId = new Map(rows.map((r) => [r.charge_id, r]));
  return requests.map((request, i): ReserveOutcome | ChargeOutcome => {
    if (!isCharge(request)) return reserved[i];
    const row = byId.get(chargeIds[i]);
    const balance = Number(row?.balance);
    if (!row?.reserved) return { ok: false, reason: 'balance', balance };
    return row.written ? { ok: true, balance } : { ok: false, reason: 'repeat' };
  });
}

/** A charge closed twice in one batch is closed once, as asked first. */
export function firstCloses(all: readonly Closing[]): Closing[] {
  const firsts = new Map<string, Closing>();
  for (const c of all) if (!firsts.has(c.chargeId)) firsts.set(c.chargeId, c);
  return [...firsts.values()];
}

/** Each close's balance after its statement; null for one nothing was open for, and for a repeat. */
export function closedBalances(
  all: readonly Closing[],
  firsts: readonly Closing[],
  rows: readonly { charge_id: string; balance: string | null }[],
): (number | null)[] {
  const first = new Set(firsts);
  const byId = new Map(rows.map((r) => [r.charge_id, Number(r.balance)]));
  return all.map((c) => (first.has(c) ? (byId.get(c.chargeId) ?? null) : null));
}
