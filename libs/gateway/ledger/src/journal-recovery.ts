import type { PGliteThread } from '@nl/platform-database';
import type { Logger } from '@nl/platform-logging';
import type { DataSource } from 'typeorm';
import type { CreditJournal } from './credit-journal.js';
import { keyBookOf, type Counters, type KeyRow } from './embedded-books.js';
import { READ_KEY, READ_UNDELIVERED, SET_UNDELIVERED } from './embedded-ledger.sql.js';
import { awaitsDelivery, type Closing } from './closing.js';
import { countersAfter, LedgerBatch } from './ledger-batch.js';
import { allRows, firstRow } from './rows.js';
import { undoIn } from './sql-credits.js';

const IN_LEDGER = `SELECT charge_id::text AS charge_id FROM gw.credit_ledger
                    WHERE charge_id = ANY($1::uuid[]) AND kind IN ('settle', 'release')`;

/**
 * After a kill (GroupCommits' first task, before any charge): the charges in the journal that
 * the ledger does not have yet are written, as their group commit would have; then every charge
 * whose answer may not have gone out is refunded: on the delivery list the last commit wrote,
 * or settled in the journal since, unless the journal says its answer went out. The journal is
 * then emptied.
 */
export async function recoverJournal(
  db: DataSource,
  thread: PGliteThread,
  journal: CreditJournal,
  logger?: Logger,
): Promise<void> {
  const entries = journal.readCrashed();
  const listed = firstRow<{ undelivered: string[] }>(await db.query(READ_UNDELIVERED));
  const undelivered = new Set(listed?.undelivered ?? []);
  const closings: Closing[] = [];
  for (const entry of entries) {
    if ('delivered' in entry) for (const chargeId of entry.delivered) undelivered.delete(chargeId);
    else {
      closings.push(entry.closing);
      if (awaitsDelivery(entry.closing)) undelivered.add(entry.closing.hold.chargeId);
    }
  }
  const missing = await notInLedger(db, closings);
  if (missing.length) {
    const batch = new LedgerBatch();
    batch.add(missing);
    const base = await committedCounters(db, missing);
    await thread.execute(batch.statement(countersAfter(batch, base), undelivered));
  }
  const undone = [];
  for (const chargeId of undelivered) undone.push(...(await undoIn(db, chargeId)));
  if (entries.length || undelivered.size) await db.query(SET_UNDELIVERED, [[]]);
  journal.dropCrashed();
  if (missing.length || undelivered.size)
    logger?.warn(
      {
        written: missing.length,
        chargeIds: [...undelivered],
        refunded: undone.filter((u) => u.kind === 'refund').length,
      },
      'recovered the credits of a crash: wrote the charges of the journal the ledger missed, refunded those whose answers may not have gone out',
    );
}

async function notInLedger(db: DataSource, closings: readonly Closing[]): Promise<Closing[]> {
  if (!closings.length) return [];
  const ids = closings.map((c) => c.hold.chargeId);
  const rows = allRows<{ charge_id: string }>(await db.query(IN_LEDGER, [ids]));
  const present = new Set(rows.map((r) => r.charge_id));
  return closings.filter((c) => !present.has(c.hold.chargeId));
}

/** The capped keys' counters as the database holds them. */
async function committedCounters(
  db: DataSource,
  closings: readonly Closing[],
): Promise<(keyId: string) => Counters | undefined> {
  const counters = new Map<string, Counters>();
  for (const keyId of new Set(closings.map((c) => c.hold.keyId))) {
    if (!keyId) continue;
    const row = firstRow<KeyRow>(await db.query(READ_KEY, [keyId]));
    if (row) counters.set(keyId, keyBookOf(row).committed);
  }
  return (keyId) => counters.get(keyId);
}
