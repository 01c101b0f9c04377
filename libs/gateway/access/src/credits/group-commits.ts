import type { Logger } from '@nl/platform-logging';
import { embeddedThread, type PGliteThread } from '@nl/platform-database';
import type { DataSource } from 'typeorm';
import { dateArray, int8Array, textArray, timestamptzArray, uuidArray } from './binary-arrays.js';
import type { Reservation } from './credit-backend.js';
import { spend, type Counters } from './embedded-books.js';
import { GROUP_COMMIT, READ_UNDELIVERED, SET_UNDELIVERED } from './embedded-ledger.sql.js';
import { firstRow } from './rows.js';
import { undoIn } from './sql-credits.js';

/** An open reservation in the embedded profile; `day` is the UTC day its key's spend counts it on. */
export interface Hold extends Reservation {
  readonly at: Date;
  readonly day: string;
}

/** A reservation settled or released here, waiting for the group commit that writes it. */
export interface Closing {
  readonly hold: Hold;
  readonly kind: 'settle' | 'release';
  readonly charged: number;
  readonly at: Date;
}

/** What the books do when a commit lands or fails, and the capped keys' counters. */
export interface CommitHooks {
  committed(closing: Closing): void;
  failed(closing: Closing): void;
  counters(keyId: string): Counters | undefined;
  setCounters(keyId: string, counters: Counters): void;
}

/** How long a changed delivery list may wait for a commit to carry it before it is written alone. */
const DELIVERY_FLUSH_MS = 200;

/**
 * Commits under way at once: one running in PGlite's thread while the next ones are queued
 * behind it, so the database never waits for this thread to hand it a batch. Few, because a
 * commit's fixed part (~0.45 ms of PGlite's CPU, whatever its size) is most of its cost: with
 * 3 in flight and batches of up to 16 the thread spends ~65 µs per charge under the bench's
 * load, against ~82 µs with 4 and 8, and the load a serves ~20% more calls (issue 17).
 */
const PIPELINED_COMMITS = 3;

/**
 * A batch this large goes at once instead of at the end of the event loop's turn: while this
 * thread works through a burst of requests, the database's thread already commits its start.
 */
const EAGER_BATCH = 16;

const ignore = () => undefined;

/** The charges of one commit and the one promise they all wait on. */
interface Batch {
  readonly closings: Closing[];
  readonly written: Promise<void>;
  readonly resolve: () => void;
  readonly reject: (error: unknown) => void;
}

function newBatch(): Batch {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const written = new Promise<void>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { closings: [], written, resolve, reject };
}

/**
 * The embedded profile's writer. Closed charges queue up and go in one statement (GROUP_COMMIT)
 * per turn of the event loop, or as soon as a commit before them is done: under load that is one
 * statement for dozens of calls. PGlite runs in a thread of its own (PGliteThread), and the next
 * commit is already queued there while one runs, so its core never waits for this one. Every
 * other statement of EmbeddedCredits runs through {@link serial}, alone: no commit is under way
 * while it reads an account's or key's committed numbers.
 *
 * The delivery list: a settlement's charge id is on it from its commit until its answer has
 * been handed to the socket (delivered), and every commit writes the list. After a kill, the
 * next start refunds whatever is on it ({@link recover}): the answer may have been lost, and a
 * charge nobody saw must not stand. An answer that did arrive may be refunded that way too:
 * the difference is in the caller's favour, never against it.
 */
export class GroupCommits {
  logger?: Logger;
  /** The last task of {@link serial} (the first is the recovery): commits start after it. */
  private barrier: Promise<unknown> | undefined;
  private readonly inFlight = new Set<Promise<void>>();
  private batch: Batch = newBatch();
  private scheduled = false;
  private readonly undelivered = new Set<string>();
  /** Changes of the delivery list so far, and how many of them the database has. */
  private deliveryVersion = 0;
  private writtenVersion = 0;
  private deliveryTimer?: NodeJS.Timeout;
  private readonly thread: PGliteThread;

  constructor(
    private readonly db: DataSource,
    private readonly hooks: CommitHooks,
  ) {
    const thread = embeddedThread(db);
    if (!thread) throw new Error('Group commits are for the embedded database (PGlite) only');
    this.thread = thread;
  }

  /**
   * Runs `task` once every statement queued before it is done, commits included, and before any
   * commit queued after it (the first task recovers after a crash).
   */
  serial<T>(task: () => Promise<T>): Promise<T> {
    const result = Promise.all([this.settledBarrier(), ...this.inFlight]).then(task);
    this.barrier = result.catch(ignore);
    return result;
  }

  /** Queues a closed charge; resolves once a commit has written it, rejects if that commit failed. */
  submit(closing: Closing): Promise<void> {
    if (closing.kind === 'settle') this.undelivered.add(closing.hold.chargeId);
    // One promise per commit, not per charge: its callers all wait for the same statement.
    const { closings, written } = this.batch;
    closings.push(closing);
    if (closings.length >= EAGER_BATCH && this.inFlight.size < PIPELINED_COMMITS) this.pump();
    else if (!this.scheduled) {
      this.scheduled = true;
      // After this turn's I/O callbacks: the answers finished in this turn go together.
      setImmediate(() => this.pump());
    }
    return written;
  }

  /** Resolves once every charge closed so far is written (or has failed). */
  async flush(): Promise<void> {
    while (this.batch.closings.length || this.inFlight.size) {
      this.pump();
      await Promise.all(this.inFlight);
    }
    await this.serial(async () => undefined);
  }

  /** The answer of `chargeId` went out: it leaves the delivery list (written soon after). */
  delivered(chargeId: string): void {
    if (!this.undelivered.delete(chargeId)) return;
    this.deliveryVersion++;
    this.deliveryTimer ??= setTimeout(() => {
      this.deliveryTimer = undefined;
      if (this.writtenVersion < this.deliveryVersion) void this.writeDeliveries();
    }, DELIVERY_FLUSH_MS).unref();
  }

  private settledBarrier(): Promise<unknown> {
    this.barrier ??= this.recover().catch(ignore);
    return this.barrier;
  }

  /**
   * Starts a commit of everything queued, unless the pipeline is full (a commit ending starts
   * the next). A batch with a capped key's spend waits for the commits before it: the counters
   * it writes are those of the last commit plus its own charges.
   */
  private pump(): void {
    this.scheduled = false;
    if (!this.batch.closings.length || this.inFlight.size >= PIPELINED_COMMITS) return;
    const batch = this.batch;
    this.batch = newBatch();
    const counted = batch.closings.some((w) => w.hold.keyId && w.charged);
    const before = counted ? [this.settledBarrier(), ...this.inFlight] : [this.settledBarrier()];
    const running = Promise.all(before).then(() => this.commit(batch));
    this.inFlight.add(running);
    void running.finally(() => {
      this.inFlight.delete(running);
      this.pump();
    });
  }

  private async commit({ closings: batch, resolve, reject }: Batch): Promise<void> {
    const counters = new Map<string, Counters>();
    for (const { hold, charged } of batch) {
      if (!hold.keyId || !charged) continue;
      const base = counters.get(hold.keyId) ?? this.hooks.counters(hold.keyId);
      if (base) counters.set(hold.keyId, spend(base, hold.day, charged));
    }
    const version = this.deliveryVersion;
    const col = <T>(pick: (w: Closing) => T) => batch.map(pick);
    const keys = [...counters.values()];
    const params = [
      uuidArray(col((w) => w.hold.chargeId)),
      uuidArray(col((w) => w.hold.accountId)),
      uuidArray(col((w) => w.hold.keyId)),
      textArray(col((w) => w.kind)),
      int8Array(col((w) => w.hold.amount)),
      int8Array(col((w) => w.charged)),
      textArray(col((w) => w.hold.endpoint)),
      textArray(col((w) => w.hold.requestId)),
      timestamptzArray(col((w) => w.hold.at)),
      timestamptzArray(col((w) => w.at)),
      uuidArray([...counters.keys()]),
      dateArray(keys.map((c) => c.day)),
      int8Array(keys.map((c) => c.daySpent)),
      int8Array(keys.map((c) => c.monthSpent)),
      uuidArray([...this.undelivered]),
    ];
    try {
      await this.thread.execute({ name: 'nl_group_commit', text: GROUP_COMMIT, values: params });
    } catch (error) {
      this.logger?.error({ err: error, charges: batch.length }, 'credit group commit failed');
      for (const w of batch) {
        this.undelivered.delete(w.hold.chargeId);
        this.hooks.failed(w);
      }
      reject(error);
      return;
    }
    this.writtenVersion = Math.max(this.writtenVersion, version);
    for (const [keyId, c] of counters) this.hooks.setCounters(keyId, c);
    for (const w of batch) this.hooks.committed(w);
    resolve();
  }

  private writeDeliveries(): Promise<void> {
    return this.serial(async () => {
      const version = this.deliveryVersion;
      await this.db.query(SET_UNDELIVERED, [[...this.undelivered]]);
      this.writtenVersion = version;
    }).catch((error: unknown) =>
      this.logger?.warn({ err: error }, 'could not write the credit delivery list'),
    );
  }

  /**
   * After a kill: refunds the charges whose answers may not have gone out (they are on the
   * delivery list the last commit wrote), then empties the list.
   */
  private async recover(): Promise<void> {
    const row = firstRow<{ undelivered: string[] }>(await this.db.query(READ_UNDELIVERED));
    const chargeIds = row?.undelivered ?? [];
    if (!chargeIds.length) return;
    const undone = [];
    for (const chargeId of chargeIds) undone.push(...(await undoIn(this.db, chargeId)));
    await this.db.query(SET_UNDELIVERED, [[]]);
    this.logger?.warn(
      { chargeIds, refunded: undone.filter((u) => u.kind === 'refund').length },
      'refunded charges written before a crash whose answers may not have gone out',
    );
  }

  /** Graceful shutdown: writes what is queued and the delivery list as it is now. */
  async close(): Promise<void> {
    clearTimeout(this.deliveryTimer);
    await this.flush();
    if (this.writtenVersion < this.deliveryVersion) await this.writeDeliveries();
  }
}
