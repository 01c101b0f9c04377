import type { ReserveOutcome } from './spend-caps.js';

export interface Reservation {
  readonly chargeId: string;
  readonly accountId: string;
  /** The calling key when it has spend caps (KeyOwner.capped); omitted, no cap is looked at. */
  readonly keyId?: string;
  readonly amount: number;
  readonly endpoint: string;
  readonly requestId: string;
}

export type ReservationRequest = Omit<Reservation, 'chargeId'>;

/**
 * A call already answered, charged after the fact (Postgres, SqlCredits.charge): `amount` is its
 * fresh price, which the balance must cover as a reservation's would, and `charge` what it costs
 * (at most `amount`). The caller picks `chargeId`, so a retry can ask whether an attempt landed.
 */
export interface ChargeRequest extends Omit<Reservation, 'keyId'> {
  readonly charge: number;
}

/**
 * What a charge after the fact came to: written (with the balance after it), refused because the
 * balance did not cover the fresh price (nothing written), or a repeat of a charge id that
 * already has its row (an earlier attempt landed; ask closedAs).
 */
export type ChargeOutcome =
  | { readonly ok: true; readonly balance: number }
  | { readonly ok: false; readonly reason: 'balance'; readonly balance: number }
  | { readonly ok: false; readonly reason: 'repeat' };

/** How a charge was closed: `settle` with what was charged, or `release`; with the balance now. */
export interface ClosedCharge {
  readonly kind: 'settle' | 'release';
  readonly charged: number;
  readonly balance: number;
}

/**
 * A charge closed in memory (the embedded profile's settleAtOnce): the balance after it, and the
 * journal write its answer waits for.
 */
export interface ClosedAtOnce {
  readonly balance: number;
  readonly written: Promise<void>;
}

/**
 * Where credits are kept: one SQL statement per change on Postgres
 * (SqlCredits), or balances held in this process with the ledger written in group commits in
 * the embedded profile (EmbeddedCredits). Amounts are hundredths of a credit.
 */
export interface CreditBackend {
  /** At once where the balances are in memory and loaded (embedded), else a promise. */
  reserve(reservation: ReservationRequest): ReserveOutcome | Promise<ReserveOutcome>;
  /** Charges `charge` (≤ the reserved amount) and frees the rest; the balance, or null if nothing was open. */
  settle(chargeId: string, charge: number): Promise<number | null>;
  /** Frees the whole reservation; the balance, or null if nothing was open. */
  release(chargeId: string): Promise<number | null>;
  /** How a charge was closed, or null while it is still open (or was never made). */
  closedAs(chargeId: string): Promise<ClosedCharge | null>;
  /** Releases reservations older than `olderThanMs`; returns how many. */
  sweep(olderThanMs: number): Promise<number>;
  topUp(accountId: string, amount: number): Promise<number>;
  /** Makes a charge as if it had never been asked for (see UNDO_CHARGE); what it did. */
  undo(chargeId: string): Promise<'refund' | 'release' | 'none'>;
}
