import type { Statement } from '@nl/platform-database';
import {
  BinaryArray,
  dateArray,
  int8Array,
  textArray,
  timestamptzArray,
  uuidArray,
} from './binary-arrays.js';
import { spend, utcDayOf, type Counters, type UtcDay } from './embedded-books.js';
import { GROUP_COMMIT } from './embedded-ledger.sql.js';
import type { Closing } from './closing.js';

/** What a capped key's settlements of a batch charged on one day (its spend day). */
export interface DaySpend {
  readonly day: string;
  charged: number;
}

/** A usage rollup row: an account's settlements on one endpoint on one UTC day. */
interface Usage {
  readonly accountId: string;
  readonly day: string;
  readonly endpoint: string;
  calls: number;
  charged: number;
}

/** The ledger rows of a batch, column by column, in GROUP_COMMIT's order ($1–$10). */
function rowColumns() {
  return [
    new BinaryArray(uuidArray.type), // charge ids
    new BinaryArray(uuidArray.type), // accounts
    new BinaryArray(uuidArray.type), // keys or null
    new BinaryArray(textArray.type), // kinds
    new BinaryArray(int8Array.type), // reserved
    new BinaryArray(int8Array.type), // charged
    new BinaryArray(textArray.type), // endpoints
    new BinaryArray(textArray.type), // request ids
    new BinaryArray(timestamptzArray.type), // reserved at
    new BinaryArray(timestamptzArray.type), // closed at
  ] as const;
}

/**
 * The charges of one group commit (GroupCommits): their ledger rows, one per closing, written
 * into the statement's columns as they come (no closing is kept until the commit), and what
 * they add up to, summed as they come, so that the database only inserts the rows and updates
 * a row per account, day and endpoint, and the books settle per account, not per charge.
 */
export class LedgerBatch {
  private readonly rows = rowColumns();
  /** Per account, what its settlements charged. */
  readonly charged = new Map<string, number>();
  /** Per capped key, what its settlements charged, day by day in the order they closed. */
  readonly spent = new Map<string, DaySpend[]>();
  /** The usage rows, by account, UTC day of the closing and endpoint (joined by newlines). */
  private readonly usage = new Map<string, Usage>();
  /** The usage row the last settlement counted in, and its day (countSettlement). */
  private lastUsage: Usage | undefined;
  private lastDay: UtcDay | undefined;

  /** How many closings the batch holds. */
  get size(): number {
    return this.rows[0].length;
  }

  /** Adds `closings`, in the order they closed. */
  add(closings: readonly Closing[]): void {
    const [ids, accounts, keys, kinds, reserved, debited, endpoints, requests, heldAt, closedAt] =
      this.rows;
    for (const { hold, kind, charged, at } of closings) {
      ids.push(hold.chargeId);
      accounts.push(hold.accountId);
      keys.push(hold.keyId);
      kinds.push(kind);
      reserved.push(hold.amount);
      debited.push(charged);
      endpoints.push(hold.endpoint);
      requests.push(hold.requestId);
      heldAt.push(hold.at);
      closedAt.push(at);
      if (kind !== 'settle') continue;
      this.countSettlement(hold.accountId, hold.endpoint, at.getTime(), charged);
      if (!charged) continue;
      this.debit(hold.accountId, charged);
      if (hold.keyId) this.spend(hold.keyId, hold.day, charged);
    }
  }

  /** Empties the batch, keeping its columns' memory for the next one. */
  clear(): void {
    for (const column of this.rows) column.clear();
    this.charged.clear();
    this.spent.clear();
    this.usage.clear();
    this.lastUsage = undefined;
  }

  /** Takes in `later`'s charges after this batch's own (a failed commit's batch goes again). */
  absorb(later: LedgerBatch): void {
    // Each column is of one element type; the tuple's positions match.
    this.rows.forEach((column, i) => (column as BinaryArray<unknown>).append(later.rows[i]));
    for (const [accountId, charged] of later.charged) this.debit(accountId, charged);
    for (const [keyId, days] of later.spent)
      for (const { day, charged } of days) this.spend(keyId, day, charged);
    for (const u of later.usage.values()) this.count(u, u.calls, u.charged);
  }

  /** GROUP_COMMIT of the batch, with the keys' `counters` and the delivery list as `undelivered`. */
  statement(counters: ReadonlyMap<string, Counters>, undelivered: Iterable<string>): Statement {
    // In key order: the rollup's rows are locked in one order, whatever order the charges came in.
    const usage = [...this.usage]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([, row]) => row);
    const keys = [...counters.values()];
    const values = [
      ...this.rows.map((column) => column.toBuffer()),
      uuidArray([...this.charged.keys()]),
      int8Array([...this.charged.values()]),
      uuidArray(usage.map((u) => u.accountId)),
      dateArray(usage.map((u) => u.day)),
      textArray(usage.map((u) => u.endpoint)),
      int8Array(usage.map((u) => u.calls)),
      int8Array(usage.map((u) => u.charged)),
      uuidArray([...counters.keys()]),
      dateArray(keys.map((c) => c.day)),
      int8Array(keys.map((c) => c.daySpent)),
      int8Array(keys.map((c) => c.monthSpent)),
      uuidArray([...undelivered]),
    ];
    return { name: 'nl_group_commit', text: GROUP_COMMIT, values };
  }

  private debit(accountId: string, charged: number): void {
    this.charged.set(accountId, (this.charged.get(accountId) ?? 0) + charged);
  }

  private spend(keyId: string, day: string, charged: number): void {
    let days = this.spent.get(keyId);
    if (!days) this.spent.set(keyId, (days = []));
    const last = days[days.length - 1];
    if (last?.day === day) last.charged += charged;
    else days.push({ day, charged });
  }

  /**
   * Counts a settlement closed at `ms` in its usage row: straight into the last one when it is the
   * same account, endpoint and day, as under load it nearly always is (no key string per charge).
   */
  private countSettlement(accountId: string, endpoint: string, ms: number, charged: number): void {
    const last = this.lastUsage;
    const day = this.lastDay;
    if (
      last &&
      day &&
      last.accountId === accountId &&
      last.endpoint === endpoint &&
      ms >= day.from &&
      ms < day.to
    ) {
      last.calls += 1;
      last.charged += charged;
      return;
    }
    const closedOn = utcDayOf(ms);
    this.lastUsage = this.count({ accountId, day: closedOn.day, endpoint }, 1, charged);
    this.lastDay = closedOn;
  }

  /** Adds to the usage row of `row`'s account, day and endpoint; that row. */
  private count(
    row: Pick<Usage, 'accountId' | 'day' | 'endpoint'>,
    calls: number,
    charged: number,
  ): Usage {
    const id = `${row.accountId}\n${row.day}\n${row.endpoint}`;
    let u = this.usage.get(id);
    if (u) {
      u.calls += calls;
      u.charged += charged;
    } else this.usage.set(id, (u = { ...row, calls, charged }));
    return u;
  }
}

/** The capped keys' counters once `batch` is spent on them, each from its `base`. */
export function countersAfter(
  batch: LedgerBatch,
  base: (keyId: string) => Counters | undefined,
): Map<string, Counters> {
  const counters = new Map<string, Counters>();
  for (const [keyId, days] of batch.spent) {
    let c = base(keyId);
    if (!c) continue;
    for (const { day, charged } of days) c = spend(c, day, charged);
    counters.set(keyId, c);
  }
  return counters;
}
