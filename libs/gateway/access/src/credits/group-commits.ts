import type { Logger } from '@nl/platform-logging';
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

interface Waiting extends Closing {
  readonly resolve: () => void;
  readonly reject: (error: unknown) => void;
}

/**
 * The embedded profile's writer. Every database statement of EmbeddedCredits runs through
 * {@link serial}, one after the other; closed charges queue up and go in one statement
 * (GROUP_COMMIT) per turn of the event loop, or as soon as the statement before them is done.
 * Under load that is one statement for dozens of calls.
 *
 * The delivery list: a settlement's charge id is on it from its commit until its answer has
 * been handed to the socket (delivered), and every commit writes the list. After a kill, the
 * next start refunds whatever is on it ({@link recover}): the answer may have been lost, and a
 * charge nobody saw must not stand. An answer that did arrive may be refunded that way too:
 * the difference is in the caller's favour, never against it.
 */
export class GroupCommits {
  logger?: Logger;
  private tail: Promise<unknown> | undefined;
  private batch: Waiting[] = [];
  private scheduled = false;
  private readonly undelivered = new Set<string>();
  /** Changes of the delivery list so far, and how many of them the database has. */
  private deliveryVersion = 0;
  private writtenVersion = 0;
  private deliveryTimer?: NodeJS.Timeout;

  constructor(
    private readonly db: DataSource,
    private readonly hooks: CommitHooks,
  ) {}

  /** Runs `task` after every statement queued before it (the first one recovers after a crash). */
  serial<T>(task: () => Promise<T>): Promise<T> {
    this.tail ??= this.recover();
    const result = this.tail.catch(() => undefined).then(task);
    this.tail = result.catch(() => undefined);
    return result;
  }

  /** Queues a closed charge; resolves once a commit has written it, rejects if that commit failed. */
  submit(closing: Closing): Promise<void> {
    if (closing.kind === 'settle') this.undelivered.add(closing.hold.chargeId);
    return new Promise<void>((resolve, reject) => {
      this.batch.push({ ...closing, resolve, reject });
      if (this.scheduled) return;
      this.scheduled = true;
      // After this turn's I/O callbacks: the answers finished in this turn go together.
      setImmediate(() => void this.serial(() => this.commit()).catch(() => undefined));
    });
  }

  /** Resolves once every charge closed so far is written (or has failed). */
  async flush(): Promise<void> {
    if (this.batch.length) await this.serial(() => this.commit()).catch(() => undefined);
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

  private async commit(): Promise<void> {
    this.scheduled = false;
    const batch = this.batch;
    this.batch = [];
    if (!batch.length) return;
    const counters = new Map<string, Counters>();
    for (const { hold, charged } of batch) {
      if (!hold.keyId || !charged) continue;
      const base = counters.get(hold.keyId) ?? this.hooks.counters(hold.keyId);
      if (base) counters.set(hold.keyId, spend(base, hold.day, charged));
    }
    const version = this.deliveryVersion;
    const col = <T>(pick: (w: Waiting) => T) => batch.map(pick);
    const keys = [...counters.values()];
    try {
      await this.db.query(GROUP_COMMIT, [
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
      ]);
    } catch (error) {
      this.logger?.error({ err: error, charges: batch.length }, 'credit group commit failed');
      for (const w of batch) {
        this.undelivered.delete(w.hold.chargeId);
        this.hooks.failed(w);
        w.reject(error);
      }
      return;
    }
    this.writtenVersion = version;
    for (const [keyId, c] of counters) this.hooks.setCounters(keyId, c);
    for (const w of batch) {
      this.hooks.committed(w);
      w.resolve();
    }
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
    if (this.tail && this.writtenVersion < this.deliveryVersion) await this.writeDeliveries();
  }
}
