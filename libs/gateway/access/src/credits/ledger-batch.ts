import type { Statement } from '@nl/platform-database';
import { dateArray, int8Array, textArray, timestamptzArray, uuidArray } from './binary-arrays.js';
import { spend, type Counters } from './embedded-books.js';
import { GROUP_COMMIT } from './embedded-ledger.sql.js';
import type { Closing } from './group-commits.js';

/** The capped keys' counters once `batch` is spent on them, each from its `base`. */
export function countersAfter(
  batch: readonly Closing[],
  base: (keyId: string) => Counters | undefined,
): Map<string, Counters> {
  const counters = new Map<string, Counters>();
  for (const { hold, charged } of batch) {
    if (!hold.keyId || !charged) continue;
    const from = counters.get(hold.keyId) ?? base(hold.keyId);
    if (from) counters.set(hold.keyId, spend(from, hold.day, charged));
  }
  return counters;
}

/** GROUP_COMMIT of `batch`, with the keys' `counters` and the delivery list as `undelivered`. */
export function groupCommit(
  batch: readonly Closing[],
  counters: ReadonlyMap<string, Counters>,
  undelivered: Iterable<string>,
): Statement {
  const col = <T>(pick: (w: Closing) => T) => batch.map(pick);
  const keys = [...counters.values()];
  const values = [
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
    uuidArray([...undelivered]),
  ];
  return { name: 'nl_group_commit', text: GROUP_COMMIT, values };
}
