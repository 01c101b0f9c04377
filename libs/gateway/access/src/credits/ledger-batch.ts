import type { Statement } from '@nl/platform-database';
import { dateArray, int8Array, textArray, timestamptzArray, uuidArray } from './binary-arrays.js';
import { spend, utcDay, type Counters } from './embedded-books.js';
import { GROUP_COMMIT } from './embedded-ledger.sql.js';
import type { Closing } from './group-commits.js';

/** What a capped key's settlements of a batch charged on one day (its spend day). */
export interface DaySpend {
  readonly day: string;
  charged: number;
}

interface Usage {
  calls: number;
  charged: number;
}

/**
 * The charges of one group commit (GroupCommits): the closings, one ledger row each, and what
 * they add up to, summed as they come, so that the database only inserts the rows and updates
 * a row per account, day and endpoint, and the books settle per account, not per charge.
 */
export class LedgerBatch {
  private readonly closings: Closing[] = [];
  /** Per account, what its settlements charged. */
  readonly charged = new Map<string, number>();
  /** Per capped key, what its settlements charged, day by day in the order they closed. */
  readonly spent = new Map<string, DaySpend[]>();
  /** Settlements per account, UTC day of their closing and endpoint (the usage rollup). */
  private readonly usage = new Map<string, Map<string, Map<string, Usage>>>();

  /** How many closings the batch holds. */
  get size(): number {
    return this.closings.length;
  }

  /** Adds `closings`, in the order they closed. */
  add(closings: readonly Closing[]): void {
    for (const closing of closings) {
      this.closings.push(closing);
      const { hold, kind, charged, at } = closing;
      if (kind !== 'settle') continue;
      this.count(hold.accountId, utcDay(at.getTime()), hold.endpoint, 1, charged);
      if (!charged) continue;
      this.charged.set(hold.accountId, (this.charged.get(hold.accountId) ?? 0) + charged);
      if (hold.keyId) this.spend(hold.keyId, hold.day, charged);
    }
  }

  /** Takes in `later`'s charges after this batch's own (a failed commit's batch goes again). */
  absorb(later: LedgerBatch): void {
    for (const closing of later.closings) this.closings.push(closing);
    for (const [accountId, charged] of later.charged)
      this.charged.set(accountId, (this.charged.get(accountId) ?? 0) + charged);
    for (const [keyId, days] of later.spent)
      for (const { day, charged } of days) this.spend(keyId, day, charged);
    for (const [accountId, days] of later.usage)
      for (const [day, endpoints] of days)
        for (const [endpoint, u] of endpoints)
          this.count(accountId, day, endpoint, u.calls, u.charged);
  }

  /** GROUP_COMMIT of the batch, with the keys' `counters` and the delivery list as `undelivered`. */
  statement(counters: ReadonlyMap<string, Counters>, undelivered: Iterable<string>): Statement {
    const col = <T>(pick: (c: Closing) => T) => this.closings.map(pick);
    const usage: [string, string, string, Usage][] = [];
    for (const [accountId, days] of this.usage)
      for (const [day, endpoints] of days)
        for (const [endpoint, u] of endpoints) usage.push([accountId, day, endpoint, u]);
    const keys = [...counters.values()];
    const values = [
      uuidArray(col((c) => c.hold.chargeId)),
      uuidArray(col((c) => c.hold.accountId)),
      uuidArray(col((c) => c.hold.keyId)),
      textArray(col((c) => c.kind)),
      int8Array(col((c) => c.hold.amount)),
      int8Array(col((c) => c.charged)),
      textArray(col((c) => c.hold.endpoint)),
      textArray(col((c) => c.hold.requestId)),
      timestamptzArray(col((c) => c.hold.at)),
      timestamptzArray(col((c) => c.at)),
      uuidArray([...this.charged.keys()]),
      int8Array([...this.charged.values()]),
      uuidArray(usage.map((u) => u[0])),
      dateArray(usage.map((u) => u[1])),
      textArray(usage.map((u) => u[2])),
      int8Array(usage.map((u) => u[3].calls)),
      int8Array(usage.map((u) => u[3].charged)),
      uuidArray([...counters.keys()]),
      dateArray(keys.map((c) => c.day)),
      int8Array(keys.map((c) => c.daySpent)),
      int8Array(keys.map((c) => c.monthSpent)),
      uuidArray([...undelivered]),
    ];
    return { name: 'nl_group_commit', text: GROUP_COMMIT, values };
  }

  private spend(keyId: string, day: string, charged: number): void {
    const days = entry(this.spent, keyId, () => []);
    const last = days[days.length - 1];
    if (last?.day === day) last.charged += charged;
    else days.push({ day, charged });
  }

  private count(
    accountId: string,
    day: string,
    endpoint: string,
    calls: number,
    charged: number,
  ): void {
    const endpoints = entry(
      entry(this.usage, accountId, () => new Map()),
      day,
      () => new Map(),
    );
    const u = endpoints.get(endpoint);
    if (u) {
      u.calls += calls;
      u.charged += charged;
    } else endpoints.set(endpoint, { calls, charged });
  }
}

/** `map`'s value for `key`, made and added first when there is none. */
function entry<K, V>(map: Map<K, V>, key: K, make: () => V): V {
  let value = map.get(key);
  if (value === undefined) map.set(key, (value = make()));
  return value;
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
