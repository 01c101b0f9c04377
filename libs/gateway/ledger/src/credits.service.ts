import {
  Inject,
  Injectable,
  Optional,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import type { AccountCredits } from '@nl/gateway-access';
import { embeddedThread } from '@nl/platform-database';
import { LOGGER, type Logger } from '@nl/platform-logging';
import { DataSource } from 'typeorm';
import type {
  ChargesAfter,
  ClosedCharge,
  CreditBackend,
  DeliveryTracking,
  ReservationRequest,
  Settling,
} from './credit-backend.js';
import type { UndoOutcome } from './credits.sql.js';
import { EmbeddedCredits } from './embedded-credits.js';
import type { ReserveOutcome } from './spend-caps.js';
import { SqlCredits } from './sql-credits.js';

export type { Reservation } from './credit-backend.js';

/** Whether `db` is the embedded PGlite database (this process owns it, in a thread of its own). */
export function isEmbedded(db: DataSource): boolean {
  return embeddedThread(db) !== undefined;
}

/**
 * The credit ledger: reserve the fresh price before a call, settle what the
 * answer costs after it, release on failure; nothing lost, nothing charged twice.
 * Invariant: balance = sum(ledger.amount) = top-ups − settled charges (− open reservations).
 *
 * Two ways to keep it, one behaviour: on Postgres every change is one SQL statement, shared by
 * any number of gateways (SqlCredits); in the embedded profile this process owns the database
 * and keeps the balances itself, writing the ledger in group commits (EmbeddedCredits). A key
 * with spend caps has its spend counted and checked by both. Both keep the whole CreditBackend
 * port; what only one of them can do is a capability, {@link afterwards} and
 * {@link deliveries}, null where that ledger does without it.
 */
@Injectable()
export class CreditsService
  implements AccountCredits, OnApplicationBootstrap, OnApplicationShutdown
{
  private readonly backend: CreditBackend;
  /** Charges after the answer (Postgres, keys without caps), or null: every call is reserved. */
  readonly afterwards: ChargesAfter | null;
  /** The delivery list of the charged answers (embedded), or null: a written charge stands. */
  readonly deliveries: DeliveryTracking | null;

  constructor(db: DataSource, @Optional() @Inject(LOGGER) logger?: Logger) {
    this.backend = isEmbedded(db) ? EmbeddedCredits.for(db, logger) : new SqlCredits(db);
    this.afterwards = this.backend.afterwards;
    this.deliveries = this.backend.deliveries;
  }

  /**
   * Reserves `amount`, unless the balance does not cover it or it would take the key's spend
   * over a cap. The embedded profile answers at once once it has the account's book.
   */
  reserve(reservation: ReservationRequest): ReserveOutcome | Promise<ReserveOutcome> {
    return this.backend.reserve(reservation);
  }

  /**
   * Charges `charge` (≤ the reserved amount) and frees the rest: resolves once the charge is
   * written, with the balance after it, or null if nothing was open; rejects when it could not
   * be written. The embedded profile settles in memory and waits for its journal write only.
   * `answerKept`: the answer is in the database already (a batch item's, in its row), not yet to
   * be written to a caller; the embedded profile then keeps it off its delivery list, so that no
   * restart refunds it.
   */
  settle(chargeId: string, charge: number, answerKept = false): Settling {
    return this.backend.settle(chargeId, charge, answerKept);
  }

  /** Frees the whole reservation; null if nothing was open. */
  release(chargeId: string): Promise<number | null> {
    return this.backend.release(chargeId);
  }

  /**
   * How a charge was closed, for a settlement retried after an error whose first attempt may
   * have committed: `settle` with what was charged, `release`, or null while it is still open.
   */
  closedAs(chargeId: string): Promise<ClosedCharge | null> {
    return this.backend.closedAs(chargeId);
  }

  /**
   * Which of these reservations are open: in the embedded profile a reservation lives in this
   * process only, so after a restart a batch's items ask whether theirs still is.
   */
  openAmong(chargeIds: readonly string[]): Promise<Set<string>> {
    return this.backend.openAmong(chargeIds);
  }

  /** Releases reservations older than `olderThanMs` (their request died); returns how many. */
  sweep(olderThanMs: number): Promise<number> {
    return this.backend.sweep(olderThanMs);
  }

  /** Adds credits to an account; returns the new balance. */
  topUp(accountId: string, amount: number): Promise<number> {
    return this.backend.topUp(accountId, amount);
  }

  /** Makes a charge as if it had never been asked for (DoubtfulCharges). */
  undo(chargeId: string): Promise<UndoOutcome> {
    return this.backend.undo(chargeId);
  }

  /**
   * Resolves once every charge closed so far is in the ledger and the usage rollup: the
   * embedded profile writes them some milliseconds after the answers (GroupCommits). Readers
   * of either call this first; on Postgres every charge is written before its answer.
   */
  written(): Promise<void> {
    return this.backend.written();
  }

  /** The balance this process knows to be current (embedded profile), else undefined: read the row. */
  liveBalance(accountId: string): number | undefined {
    return this.backend.liveBalance(accountId);
  }

  /** A capped key's spend in hundredths as this process counts it (embedded), else undefined. */
  liveSpend(keyId: string): { today: number; month: number } | undefined {
    return this.backend.liveSpend(keyId);
  }

  /** A key's caps were changed: the next reservation reads them again (embedded profile). */
  capsChanged(keyId: string): void {
    this.backend.capsChanged(keyId);
  }

  /** Embedded: refunds what a crash left on the delivery list before the first call is served. */
  onApplicationBootstrap(): Promise<void> {
    return this.backend.start();
  }

  onApplicationShutdown(): Promise<void> {
    return this.backend.close();
  }
}
