import type { Logger } from '@nl/platform-logging';
import { heldForBatch } from './batch-holds.js';
import { newChargeId } from './charge-id.js';
import type { DataSource } from 'typeorm';
import type {
  ClosedCharge,
  CreditBackend,
  DeliveryTracking,
  Reservation,
  ReservationRequest,
} from './credit-backend.js';
import type { UndoOutcome } from './credits.sql.js';
import { add, available, utcDay, type AccountBook, type KeyBook } from './embedded-books.js';
import { JournaledClosing, type Closing, type Hold } from './closing.js';
import { closeOnBooks, commitOnBooks, reopenOnBooks } from './book-entries.js';
import { GroupCommits } from './group-commits.js';
import { IdTable } from './id-table.js';
import type { LedgerBatch } from './ledger-batch.js';
import { LoadedBooks } from './loaded-books.js';
import { closedIn, topUpIn, undoIn } from './sql-credits.js';
import type { ReserveOutcome } from './spend-caps.js';

/**
 * Credits in the embedded profile, made for its speed under load. One process owns the PGlite
 * database, so the balances can live here: JavaScript runs one thing at a time, which makes a
 * reservation a check and a subtraction with nothing in between, and costs no SQL at all. A
 * closed charge is appended to a journal before its answer goes out, and the ledger is written
 * behind, in group commits of many (GroupCommits): a client never sees a charge that a crash
 * could lose.
 *
 * What a crash can lose: open reservations (they were never written, so the balance in the
 * database never lost them) and the charges whose journal write had not returned (their callers
 * get no answer). The next start writes the journal's charges the ledger lacks, and refunds
 * those whose answers may not have gone out (recoverJournal).
 *
 * Every database read or write goes through one queue (GroupCommits.serial): an account or key
 * is read while no commit is under way, so its committed numbers are never half a commit old.
 * The ledger may be some milliseconds behind the books: its readers call {@link written} first.
 */
export class EmbeddedCredits implements CreditBackend {
  private static readonly instances = new WeakMap<DataSource, EmbeddedCredits>();

  /** One per database: two would each believe they own the balances. */
  static for(db: DataSource, logger?: Logger): EmbeddedCredits {
    let credits = this.instances.get(db);
    if (!credits) this.instances.set(db, (credits = new EmbeddedCredits(db)));
    credits.commits.logger ??= logger;
    return credits;
  }

  /** The accounts' and capped keys' books, read at their first call. */
  private readonly books: LoadedBooks;
  /** The open reservations by charge id (an IdTable: one comes and goes with every paid call). */
  private readonly open = new IdTable<Hold>();
  readonly commits: GroupCommits;
  /** Every call is reserved: here a reservation is a check in memory, no round trip to save. */
  readonly afterwards = null;
  /** The delivery list, which the recovery after a crash refunds undelivered charges from. */
  readonly deliveries: DeliveryTracking;

  private constructor(private readonly db: DataSource) {
    this.books = new LoadedBooks(db, (task) => this.commits.serial(task));
    this.commits = new GroupCommits(db, {
      committed: (batch) => this.committed(batch),
      failed: (closing) => this.reopen(closing),
      counters: (keyId) => this.books.keys.get(keyId)?.committed,
      setCounters: (keyId, counters) => {
        const key = this.books.keys.get(keyId);
        if (key) key.committed = counters;
      },
    });
    this.deliveries = this.commits.deliveries;
  }

  /** At once when the account's book (and a capped key's) is here: every call but the first. */
  reserve(request: ReservationRequest): ReserveOutcome | Promise<ReserveOutcome> {
    const book = this.books.accounts.get(request.accountId);
    const key = request.keyId ? this.books.keys.get(request.keyId) : undefined;
    if (!book || (request.keyId && (!key || key.stale))) return this.reserveAfterReading(request);
    return this.hold(request, book, key?.capped ? key : undefined);
  }

  private async reserveAfterReading(request: ReservationRequest): Promise<ReserveOutcome> {
    const book = await this.books.account(request.accountId);
    if (!book) return { ok: false, reason: 'balance' };
    const key = request.keyId ? await this.books.key(request.keyId) : undefined;
    return this.hold(request, book, key?.capped ? key : undefined);
  }

  /** The check and the hold, as one step: nothing waits in between. */
  private hold(request: ReservationRequest, book: AccountBook, key?: KeyBook): ReserveOutcome {
    const day = utcDay();
    const crossed = key?.wouldCross(request.amount, day);
    if (crossed)
      return { ok: false, reason: 'spend_cap', capReached: crossed, balance: available(book) };
    const balance = available(book);
    if (balance < request.amount) return { ok: false, reason: 'balance', balance };
    const hold: Hold = {
      accountId: request.accountId,
      keyId: key ? request.keyId : undefined,
      amount: request.amount,
      endpoint: request.endpoint,
      requestId: request.requestId,
      chargeId: newChargeId(),
      at: new Date(),
      day,
    };
    book.held += hold.amount;
    if (key) add(key.held, day, hold.amount);
    this.open.set(hold.chargeId, hold);
    return { ok: true, chargeId: hold.chargeId, balance: available(book) };
  }

  /**
   * Settles at once, in memory; what it hands back waits for the journal write (if that fails,
   * nothing of it was kept and the reservation is open again).
   */
  settle(chargeId: string, charge: number, answerKept = false): JournaledClosing {
    return this.closeCharge(chargeId, 'settle', charge, answerKept);
  }

  release(chargeId: string): Promise<number | null> {
    return this.closeCharge(chargeId, 'release', 0).then((balance) => balance);
  }

  private closeCharge(
    chargeId: string,
    kind: Closing['kind'],
    charge: number,
    answerKept = false,
  ): JournaledClosing {
    const hold = this.open.get(chargeId);
    if (!hold) return new JournaledClosing(null);
    this.open.delete(chargeId);
    const charged = kind === 'settle' ? Math.max(0, Math.min(charge, hold.amount)) : 0;
    const book = closeOnBooks(this.books, hold, charged);
    const closing: Closing = {
      hold,
      kind,
      charged,
      at: new Date(),
      ...(answerKept && { answerKept }),
    };
    const written = this.commits.submit(closing);
    return new JournaledClosing(available(book), written);
  }

  /** A commit wrote `batch`: its charges leave the pending parts and the committed balances. */
  private committed(batch: LedgerBatch): void {
    commitOnBooks(this.books, batch);
  }

  /** Its journal write failed: nothing of it was kept, so the reservation is open again. */
  private reopen(closing: Closing): void {
    reopenOnBooks(this.books, closing);
    this.open.set(closing.hold.chargeId, closing.hold);
  }

  async openAmong(chargeIds: readonly string[]): Promise<Set<string>> {
    return new Set(chargeIds.filter((id) => this.open.has(id)));
  }

  async closedAs(chargeId: string): Promise<ClosedCharge | null> {
    if (this.open.has(chargeId)) return null;
    await this.commits.flush();
    const closed = await this.commits.serial(() => closedIn(this.db, chargeId));
    if (!closed) return null;
    // The row's balance is the committed one; this process knows what is spendable.
    const book = this.books.accounts.get(closed.accountId);
    return { ...closed, balance: book ? available(book) : closed.balance };
  }

  async sweep(olderThanMs: number): Promise<number> {
    const before = Date.now() - olderThanMs;
    const stale = [...this.open.values()].filter(
      (h) => h.at.getTime() <= before && !heldForBatch(h.requestId),
    );
    await Promise.all(stale.map((h) => this.release(h.chargeId)));
    return stale.length;
  }

  topUp(accountId: string, amount: number): Promise<number> {
    return this.commits.serial(async () => {
      const balance = await topUpIn(this.db, accountId, amount);
      const book = this.books.accounts.get(accountId);
      if (!book) return balance;
      book.committed += amount;
      return available(book);
    });
  }

  async undo(chargeId: string): Promise<UndoOutcome> {
    if (this.open.has(chargeId)) {
      await this.release(chargeId);
      return 'release';
    }
    await this.commits.flush();
    return this.commits.serial(async () => {
      const undone = await undoIn(this.db, chargeId);
      for (const { accountId, amount } of undone) {
        const book = this.books.accounts.get(accountId);
        if (book) book.committed += amount;
      }
      // The statement gave spend back on the key's row: read the counters again.
      if (undone.length)
        for (const keyId of this.books.keys.keys()) await this.books.readKey(keyId);
      return undone[0]?.kind ?? 'none';
    });
  }

  /** What an account may spend now, if this process has its book. */
  liveBalance(accountId: string): number | undefined {
    const book = this.books.accounts.get(accountId);
    return book && available(book);
  }

  /** A capped key's spend (held + settled) today and this month, if this process has its book. */
  liveSpend(keyId: string): { today: number; month: number } | undefined {
    return this.books.keys.get(keyId)?.spentOn(utcDay());
  }

  /** The key's caps changed: they are read again before its next reservation. */
  capsChanged(keyId: string): void {
    const key = this.books.keys.get(keyId);
    if (key) key.stale = true;
  }

  /** Recovers after a crash (recoverJournal) now rather than at the first call; throws if it failed. */
  start(): Promise<void> {
    return this.commits.recovered();
  }

  /** Resolves once every charge closed so far is in the ledger (and the usage rollup). */
  written(): Promise<void> {
    return this.commits.flush();
  }

  /** Writes what is still to be written (graceful shutdown). */
  close(): Promise<void> {
    return this.commits.close();
  }
}

export type { Reservation };
