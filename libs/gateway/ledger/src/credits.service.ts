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
  ChargeOutcome,
  ClosedAtOnce,
  ChargeRequest,
  ClosedCharge,
  CreditBackend,
  ReservationRequest,
} from './credit-backend.js';
import type { UndoOutcome } from './credits.sql.js';
import { EmbeddedCredits } from './embedded-credits.js';
import type { SentAnswer } from './delivery-list.js';
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
 * and keeps the balances itself, writing the ledger in group commits (EmbeddedCredits, issue
 * 17). A key with spend caps has its spend counted and checked by both.
 */
@Injectable()
export class CreditsService
  implements AccountCredits, OnApplicationBootstrap, OnApplicationShutdown
{
  private readonly backend: CreditBackend;
  private readonly embedded?: EmbeddedCredits;
  private readonly sql?: SqlCredits;

  constructor(db: DataSource, @Optional() @Inject(LOGGER) logger?: Logger) {
    if (isEmbedded(db)) this.backend = this.embedded = EmbeddedCredits.for(db, logger);
    else this.backend = this.sql = new SqlCredits(db);
  }

  /**
   * Reserves `amount`, unless the balance does not cover it or it would take the key's spend
   * over a cap. The embedded profile answers at once once it has the account's book.
   */
  reserve(reservation: ReservationRequest): ReserveOutcome | Promise<ReserveOutcome> {
    return this.backend.reserve(reservation);
  }

  /** Charges `charge` (≤ the reserved amount) and frees the rest; null if nothing was open. */
  settle(chargeId: string, charge: number): Promise<number | null> {
    return this.backend.settle(chargeId, charge);
  }

  /**
   * The embedded profile's settlement at once (EmbeddedCredits.settleAtOnce): the balance after
   * it and the journal write to wait for, or null when nothing was open; undefined on Postgres,
   * where only {@link settle} writes.
   */
  settleAtOnce(chargeId: string, charge: number): ClosedAtOnce | null | undefined {
    return this.embedded?.settleAtOnce(chargeId, charge);
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
  async written(): Promise<void> {
    await this.embedded?.written();
  }

  /** Whether {@link sent} means anything here (embedded profile); Postgres needs no call. */
  get tracksDelivery(): boolean {
    return this.embedded !== undefined;
  }

  /**
   * The answer that carries `chargeId`'s charge is being written to `response`: delivered once
   * the response has finished or closed. Only the embedded profile keeps count (the delivery
   * list its crash recovery refunds from).
   */
  sent(chargeId: string, response: SentAnswer): void {
    this.embedded?.sent(chargeId, response);
  }

  /**
   * Whether a call at `amount` is charged after its answer instead of reserved before it
   * (Postgres, keys without caps): the balance last seen for the account covers many such calls.
   * The embedded profile reserves at once, from memory.
   */
  chargesAfter(accountId: string, amount: number): boolean {
    return this.sql?.chargesAfter(accountId, amount) ?? false;
  }

  /** Charges an answered call after the fact (only where {@link chargesAfter} said so). */
  charge(request: ChargeRequest): Promise<ChargeOutcome> {
    if (!this.sql) throw new Error('charges after the fact are made on Postgres only');
    return this.sql.charge(request);
  }

  /** The balance this process knows to be current (embedded profile), else undefined: read the row. */
  liveBalance(accountId: string): number | undefined {
    return this.embedded?.liveBalance(accountId);
  }

  /** A capped key's spend in hundredths as this process counts it (embedded), else undefined. */
  liveSpend(keyId: string): { today: number; month: number } | undefined {
    return this.embedded?.liveSpend(keyId);
  }

  /** A key's caps were changed: the next reservation reads them again (embedded profile). */
  capsChanged(keyId: string): void {
    this.embedded?.capsChanged(keyId);
  }

  /** Embedded: refunds what a crash left on the delivery list before the first call is served. */
  async onApplicationBootstrap(): Promise<void> {
    await this.embedded?.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.embedded?.close();
  }
}
