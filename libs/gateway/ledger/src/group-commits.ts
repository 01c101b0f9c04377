import { outsideRequest } from '@nl/platform-context';
import type { Logger } from '@nl/platform-logging';
import { embeddedThread, type PGliteThread } from '@nl/platform-database';
import { join } from 'node:path';
import type { DataSource } from 'typeorm';
import { awaitsDelivery, type Closing } from './closing.js';
import { CreditJournal, JOURNAL_DIR } from './credit-journal.js';
import type { Counters } from './embedded-books.js';
import { SET_UNDELIVERED } from './embedded-ledger.sql.js';
import { DeliveryList } from './delivery-list.js';
import { JournalAppends } from './journal-appends.js';
import { recoverJournal } from './journal-recovery.js';
import { countersAfter, LedgerBatch } from './ledger-batch.js';

/** What the books do when a commit lands or a journal write fails, and the capped keys' counters. */
export interface CommitHooks {
  committed(batch: LedgerBatch): void;
  failed(closing: Closing): void;
  counters(keyId: string): Counters | undefined;
  setCounters(keyId: string, counters: Counters): void;
}

/**
 * The least time from one commit's start to the next one's, unless {@link BATCH_ROWS} charges
 * are waiting. Idle, a charge is committed at once; under load the charges of this long go in
 * one commit. A commit costs the serving thread a journal segment (open, close, unlink) and
 * PGlite ~0.5 ms apart from its rows: at 25 ms (~40 commits a second) an interleaved A/B
 * (`npm run bench:pair`) measured 7% fewer paid calls a second than at 250 ms.
 * Nothing is at stake in the wait: every charge is in the journal before its answer goes.
 */
const COMMIT_GAP_MS = 250;

/**
 * A commit starts once this many charges wait, whatever the gap: it then holds PGlite's thread
 * (and any query of the app's own connection behind it) for ~25 ms at most.
 */
const BATCH_ROWS = 1_000;

/** After a failed commit the next try waits this long, doubling up to the maximum. */
const RETRY_MS = { first: 100, max: 10_000 };

const ignore = () => undefined;

/**
 * The embedded profile's writer. A closed charge is appended to the journal (JournalAppends) at
 * the end of its turn of the event loop, one append at a time off the serving thread, each with
 * every charge closed since the one before, and its answer goes out once its append returned: a
 * kill from then on cannot lose it. The ledger in PGlite
 * gets the journal's charges in group commits (GROUP_COMMIT), one at a time, at once when idle
 * and at most every {@link COMMIT_GAP_MS} under load, so a commit carries hundreds of charges and
 * no answer waits for one. A commit that fails is tried again; its charges are in the journal.
 * Every other statement of EmbeddedCredits runs through {@link serial}, alone: no commit is
 * under way while it reads an account's or key's committed numbers. A reader of the ledger or
 * of the usage rollup calls {@link flush} first.
 *
 * The delivery list (DeliveryList): a settlement's charge id is on it from its closing until its
 * answer has been handed to the socket. Every commit writes the list as it is, and the journal
 * notes the answers that went out since. After a kill, the next start writes the journal's
 * charges the ledger lacks and refunds whatever may not have been delivered (recoverJournal):
 * a charge nobody saw must not stand. An answer that did arrive may be refunded that way too:
 * the difference is in the caller's favour, never against it.
 */
export class GroupCommits {
  logger?: Logger;
  /** The last task of {@link serial} (the first is the recovery): commits start after it. */
  private barrier: Promise<unknown> | undefined;
  private recovery?: Promise<void>;
  /** The commit under way. */
  private running?: Promise<void>;
  /** Charges in the journal, waiting for a commit. */
  private queue = new LedgerBatch();
  /**
   * The batch of the last commit, emptied, for the next queue: its columns' buffers are used
   * again rather than grown anew. A batch's buffers live until its commit, some hundred
   * milliseconds, so they were promoted, and a new ~1 MB of them every commit had V8 start a
   * full collection every ~1.5 s under load (seen with `--trace-incremental-marking`).
   */
  private spare?: LedgerBatch;
  private commitTimer?: NodeJS.Timeout;
  private lastCommit = -Infinity;
  private retryMs = 0;
  /** The settled charges whose answers have not gone out yet. */
  readonly deliveries = new DeliveryList(() => this.appends.write());
  private readonly thread: PGliteThread;
  private readonly journal: CreditJournal;
  private readonly appends: JournalAppends;

  constructor(
    private readonly db: DataSource,
    private readonly hooks: CommitHooks,
  ) {
    const thread = embeddedThread(db);
    if (!thread) throw new Error('Group commits are for the embedded database (PGlite) only');
    this.thread = thread;
    this.journal = new CreditJournal(join(thread.dataDir, JOURNAL_DIR));
    this.appends = new JournalAppends(this.journal, this.deliveries, {
      appended: (closings) => this.queue.add(closings),
      failed: (closings, error) => {
        this.logger?.error({ err: error, charges: closings?.length }, 'credit journal failed');
        for (const closing of closings ?? []) {
          this.deliveries.forget(closing.hold.chargeId);
          this.hooks.failed(closing);
        }
      },
      idle: () => this.schedule(),
    });
  }

  /**
   * Runs `task` once every statement queued before it is done, commits included, and before any
   * commit queued after it (the first task recovers after a crash).
   */
  serial<T>(task: () => Promise<T>): Promise<T> {
    const result = Promise.all([this.settledBarrier(), this.running?.catch(ignore)]).then(task);
    this.barrier = result.catch(ignore);
    return result;
  }

  /**
   * Journals a closed charge at the end of this turn; resolves once it is in the journal (its
   * answer may go), rejects if the write failed (nothing of it was kept).
   */
  submit(closing: Closing): Promise<void> {
    if (awaitsDelivery(closing)) this.deliveries.settled(closing.hold.chargeId);
    return this.appends.add(closing);
  }

  /** Resolves once every charge closed so far is in the ledger; rejects if a commit failed. */
  async flush(): Promise<void> {
    this.appends.write();
    for (;;) {
      if (this.appends.busy) await this.appends.done();
      else if (this.running) await this.running.catch(ignore);
      else if (this.queue.size) await this.commitNow();
      else break;
    }
    await this.serial(async () => undefined);
  }

  /** The recovery after a crash (recoverJournal), which every statement waits for; throws its error. */
  recovered(): Promise<void> {
    this.recovery ??= recoverJournal(this.db, this.thread, this.journal, this.logger);
    return this.recovery;
  }

  private settledBarrier(): Promise<unknown> {
    this.barrier ??= this.recovered().catch(ignore);
    return this.barrier;
  }

  /**
   * Commits the queue now, or once {@link COMMIT_GAP_MS} (and any retry's wait) have passed or
   * {@link BATCH_ROWS} charges wait.
   */
  private schedule(): void {
    // An append under way goes to the segment a commit would seal: the commit waits for it.
    if (this.running || this.appends.busy || !this.queue.size) return;
    const full = this.queue.size >= BATCH_ROWS && !this.retryMs;
    if (this.commitTimer && !full) return;
    const wait = this.lastCommit + COMMIT_GAP_MS + this.retryMs - performance.now();
    if (wait <= 0 || full) {
      this.commitNow().catch(ignore);
      return;
    }
    this.commitTimer = setTimeout(() => {
      this.commitTimer = undefined;
      this.schedule();
    }, wait).unref();
  }

  /**
   * Starts a commit of the whole queue (none may be under way); rejects if it failed. Outside any
   * request: a reader's flush may start it, but it commits the charges of many.
   */
  private commitNow(): Promise<void> {
    return outsideRequest(() => this.startCommit());
  }

  private startCommit(): Promise<void> {
    clearTimeout(this.commitTimer);
    this.commitTimer = undefined;
    const batch = this.queue;
    this.queue = this.spare ?? new LedgerBatch();
    this.spare = undefined;
    // Every charge of the batch, and no other, is in the segments up to this one.
    const sealed = this.journal.seal();
    this.lastCommit = performance.now();
    const running = this.settledBarrier().then(() => this.commit(batch, sealed));
    this.running = running;
    running
      .then(
        () => {
          this.retryMs = 0;
          batch.clear();
          this.spare = batch;
        },
        (error: unknown) => {
          const later = this.queue;
          batch.absorb(later);
          this.queue = batch;
          later.clear();
          this.spare = later;
          this.retryMs = Math.min(Math.max(this.retryMs * 2, RETRY_MS.first), RETRY_MS.max);
          this.logger?.error(
            { err: error, charges: batch.size, retryInMs: this.retryMs },
            'credit group commit failed; its charges are in the journal and go again',
          );
        },
      )
      .finally(() => {
        this.running = undefined;
        this.schedule();
      });
    return running;
  }

  private async commit(batch: LedgerBatch, sealed: number): Promise<void> {
    const counters = countersAfter(batch, (keyId) => this.hooks.counters(keyId));
    await this.thread.execute(batch.statement(counters, this.deliveries.keys()));
    for (const [keyId, c] of counters) this.hooks.setCounters(keyId, c);
    this.hooks.committed(batch);
    this.journal.drop(sealed);
  }

  /** Graceful shutdown: commits what is journaled and writes the delivery list as it is now. */
  async close(): Promise<void> {
    await this.flush();
    await this.serial(() => this.db.query(SET_UNDELIVERED, [[...this.deliveries.keys()]]));
    // The journal's delivery marks are in that list now: its segments can go.
    if (this.appends.quiet && !this.queue.size) this.journal.drop(this.journal.seal());
  }
}
