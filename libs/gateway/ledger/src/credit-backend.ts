import type { SentAnswer } from './delivery-list.js';
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
 * A settlement: resolves once the charge is written (its answer may go) with the balance after
 * it, or null if nothing was open; rejects when it could not be written. A promise on Postgres;
 * the embedded profile settles in memory and hands back a thenable on its journal write
 * (JournaledClosing), so that a paid call makes no promise for it beyond its own `then`.
 */
export type Settling = Pick<Promise<number | null>, 'then'>;

/**
 * Charging a call after its answer instead of reserving before it (Postgres, SqlCredits): one
 * statement per call instead of a reservation and a settlement, each a round trip.
 */
export interface ChargesAfter {
  /**
   * Whether a call at `amount` is charged after its answer: the balance last seen for the
   * account covers many such calls, so a refusal after the fact is rare.
   */
  chargesAfter(accountId: string, amount: number): boolean;
  /** Charges an answered call (only where {@link chargesAfter} said so). */
  charge(request: ChargeRequest): Promise<ChargeOutcome>;
}

/**
 * Refunding, after a crash, the charges whose answers may not have gone out (the embedded
 * profile's delivery list, DeliveryList): it is told when an answer is being written.
 */
export interface DeliveryTracking {
  /** The answer that carries `chargeId`'s charge is being written to `response`. */
  sent(chargeId: string, response: SentAnswer): void;
}

/**
 * Where credits are kept: one SQL statement per change on Postgres
 * (SqlCredits), or balances held in this process with the ledger written in group commits in
 * the embedded profile (EmbeddedCredits). Amounts are hundredths of a credit.
 */
export interface CreditBackend {
  /**
   * Charges calls after their answers ({@link ChargesAfter}: Postgres), or null where every
   * call is reserved before it (embedded: a reservation there is a check in memory).
   */
  readonly afterwards: ChargesAfter | null;
  /**
   * Tracks the delivery of charged answers ({@link DeliveryTracking}: embedded), or null where a
   * written charge stands whatever became of its answer (Postgres keeps no delivery list).
   */
  readonly deliveries: DeliveryTracking | null;
  /** At once where the balances are in memory and loaded (embedded), else a promise. */
  reserve(reservation: ReservationRequest): ReserveOutcome | Promise<ReserveOutcome>;
  /**
   * Charges `charge` (≤ the reserved amount) and frees the rest (see {@link Settling}).
   * `answerKept`: the answer is kept already (a batch item's, in its row), so its delivery is not
   * tracked.
   */
  settle(chargeId: string, charge: number, answerKept?: boolean): Settling;
  /** Frees the whole reservation; the balance, or null if nothing was open. */
  release(chargeId: string): Promise<number | null>;
  /** How a charge was closed, or null while it is still open (or was never made). */
  closedAs(chargeId: string): Promise<ClosedCharge | null>;
  /** Which of these reservations are open (made and neither settled nor released). */
  openAmong(chargeIds: readonly string[]): Promise<Set<string>>;
  /** Releases reservations older than `olderThanMs`, except batch items'; returns how many. */
  sweep(olderThanMs: number): Promise<number>;
  topUp(accountId: string, amount: number): Promise<number>;
  /** Makes a charge as if it had never been asked for (see UNDO_CHARGE); what it did. */
  undo(chargeId: string): Promise<'refund' | 'release' | 'none'>;
  /** Resolves once every charge closed so far is in the ledger and the usage rollup. */
  written(): Promise<void>;
  /** The balance this process knows to be current, else undefined: read the account's row. */
  liveBalance(accountId: string): number | undefined;
  /** A capped key's spend in hundredths as this process counts it, else undefined. */
  liveSpend(keyId: string): { today: number; month: number } | undefined;
  /** A key's caps were changed: the next reservation reads them. */
  capsChanged(keyId: string): void;
  /** Before the first call is served: whatever a crash left is put right; throws if it failed. */
  start(): Promise<void>;
  /** Graceful shutdown: what is still to be written is written. */
  close(): Promise<void>;
}
