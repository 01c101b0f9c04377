import { jest } from '@jest/globals';
import { closeDatabase, openDatabase } from '@nl/platform-database';
import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DataSource } from 'typeorm';
import { AccountsService } from '@nl/gateway-access';
import { LEDGER_DATABASE } from './ledger.database.js';
import { closingLine, CreditJournal, deliveredLine, JOURNAL_DIR } from './credit-journal.js';
import { utcDay } from './embedded-books.js';
import { CreditsService } from './credits.service.js';
import type { Closing } from './closing.js';

// The embedded profile's credit journal: a settlement's answer waits for its journal
// line, not for the ledger, and what a killed run left in the journal reaches the ledger at the
// next start. The kill itself, under load, is `npm run bench`'s crash rows (tools/bench/crash.ts).
describe('credit journal (embedded profile)', () => {
  let dir: string;
  let dataDir: string;
  let db: DataSource;
  let credits: CreditsService;
  let accounts: AccountsService;

  async function open() {
    db = await openDatabase({ kind: 'pglite', dataDir }, [LEDGER_DATABASE]);
    credits = new CreditsService(db);
    accounts = new AccountsService(db, credits);
  }
  const journalDir = () => join(dataDir, JOURNAL_DIR);
  /** The embedded ledger's delivery list (it keeps one; Postgres does not). */
  const deliveries = () => {
    if (!credits.deliveries) throw new Error('the embedded ledger keeps a delivery list');
    return credits.deliveries;
  };
  // Synchronous: read in the same turn as the settlement's answer, before an idle commit (which
  // starts at once) can land and remove the segment.
  const segments = () => readdirSync(journalDir()).sort();

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'nl-journal-'));
    dataDir = join(dir, 'data');
    await open();
  });
  afterEach(async () => {
    await closeDatabase(db);
    await rm(dir, { recursive: true, force: true });
  });

  // `rows` in the order they were written: the ledger is append-only, so ctid (where a row lies)
  // keeps that order; it has no serial id.
  async function books(accountId: string) {
    const [row] = (await db.query(
      `SELECT a.balance::int AS balance,
              (SELECT coalesce(sum(amount), 0) FROM gw.credit_ledger WHERE account_id = a.id)::int AS ledger,
              (SELECT array_agg(kind || ':' || charged ORDER BY ctid) FROM gw.credit_ledger
                WHERE account_id = a.id AND kind <> 'topup') AS rows,
              (SELECT coalesce(sum(calls), 0) FROM gw.usage_daily WHERE account_id = a.id)::int AS calls
         FROM gw.account a WHERE a.id = $1`,
      [accountId],
    )) as { balance: number; ledger: number; rows: string[] | null; calls: number }[];
    return row;
  }

  async function reserve(accountId: string, amount: number, keyId?: string) {
    const held = await credits.reserve({
      accountId,
      keyId,
      amount,
      endpoint: 'cbs.sbi.lookup',
      requestId: randomUUID(),
    });
    if (!held.ok) throw new Error(`refused: ${held.reason}`);
    return held.chargeId;
  }

  it('should answer a settlement once it is journaled, and have it in the ledger once written', async () => {
    const { id } = await accounts.createAccount({ name: 'j', tier: 'paid', credits: 100 });
    const chargeId = await reserve(id, 30);
    expect(await credits.settle(chargeId, 10)).toBe(90);
    // The journal has it now; the ledger does after written() at the latest.
    expect(segments().length).toBeGreaterThan(0);
    await credits.written();
    expect(await books(id)).toMatchObject({ balance: 90, ledger: 90, rows: ['settle:10'] });
    expect(await credits.closedAs(chargeId)).toMatchObject({ kind: 'settle', charged: 10 });
  });

  it('should write at the next start what a killed run journaled and the ledger missed, refunding the answers that may not have gone out', async () => {
    const { id } = await accounts.createAccount({ name: 'k', tier: 'paid', credits: 100 });
    const { info } = await accounts.createKey(id);
    await accounts.setSpendCaps(id, info.id, { dailyCap: 5, monthlyCap: null, alertPercent: null });
    // Already in the ledger before the kill: a commit landed, its segment was not yet removed.
    const landed = await reserve(id, 5, info.id);
    await credits.settle(landed, 5);
    deliveries().sent(landed, { writableFinished: true, destroyed: false });
    await credits.written();
    await closeDatabase(db); // no shutdown hook: as after a kill, the journal stays
    const at = new Date();
    const closing = (
      kind: Closing['kind'],
      charged: number,
      keyId?: string,
      chargeId: string = randomUUID(),
    ): Closing => ({
      hold: {
        chargeId,
        accountId: id,
        ...(keyId && { keyId }),
        amount: 20,
        endpoint: 'cbs.sbi.lookup',
        requestId: randomUUID(),
        at,
        day: utcDay(),
      },
      kind,
      charged,
      at,
    });
    const again = closing('settle', 5, info.id, landed); // in the ledger already
    const seen = closing('settle', 20, info.id); // its answer went out
    const unseen = closing('settle', 15); // journaled, its answer may not have gone out
    const released = closing('release', 0);
    const torn = closing('settle', 20); // the kill came mid-write: never answered
    await writeFile(
      join(journalDir(), '1.jsonl'),
      [again, seen, unseen, released].map(closingLine).join('') +
        deliveredLine([seen.hold.chargeId]) +
        closingLine(torn).slice(0, 40),
    );

    await open();
    await credits.onApplicationBootstrap();
    expect(await books(id)).toEqual({
      balance: 100 - 5 - 20,
      ledger: 100 - 5 - 20,
      rows: ['settle:5', 'settle:20', 'settle:15', 'release:0', 'refund:-15'],
      calls: 2,
    });
    // The key's spend counts the replayed charge once.
    expect((await accounts.spendOf([info.id]))[info.id]).toMatchObject({ today: 0.25 });
    expect(segments()).toEqual([]);
  });

  it('should append one turn at a time, off the serving thread, and seal a segment for a commit only between appends', async () => {
    const { id } = await accounts.createAccount({ name: 'slow', tier: 'paid', credits: 1000 });
    const { appendLater, seal } = CreditJournal.prototype;
    let underWay = 0;
    let mostAtOnce = 0;
    let sealedWhileWriting = 0;
    // A disk that takes 100 ms an append: commits come due while one is under way.
    const appends = jest.spyOn(CreditJournal.prototype, 'appendLater').mockImplementation(function (
      this: CreditJournal,
      text,
      done,
    ) {
      mostAtOnce = Math.max(mostAtOnce, ++underWay);
      appendLater.call(this, text, (error) =>
        setTimeout(() => {
          underWay--;
          done(error);
        }, 100),
      );
    });
    const seals = jest.spyOn(CreditJournal.prototype, 'seal').mockImplementation(function (
      this: CreditJournal,
    ) {
      if (underWay) sealedWhileWriting++;
      return seal.call(this);
    });
    try {
      const settled: PromiseLike<number | null>[] = [];
      for (let i = 0; i < 12; i++) {
        settled.push(credits.settle(await reserve(id, 10), 10));
        await new Promise((resolve) => setTimeout(resolve, 40));
      }
      expect(await Promise.all(settled)).toHaveLength(12);
      await credits.written();
      expect(await books(id)).toMatchObject({ balance: 880, ledger: 880, calls: 12 });
      expect(mostAtOnce).toBe(1);
      expect(sealedWhileWriting).toBe(0);
      expect(seals.mock.calls.length).toBeGreaterThan(1); // commits did happen meanwhile
      // The charges closed while an append was under way went in the next one together.
      expect(appends.mock.calls.length).toBeLessThan(12);
    } finally {
      appends.mockRestore();
      seals.mockRestore();
    }
  });

  it('should keep a hold open when its journal write fails, and charge nothing', async () => {
    const { id } = await accounts.createAccount({ name: 'f', tier: 'paid', credits: 100 });
    const chargeId = await reserve(id, 30);
    await rm(journalDir(), { recursive: true });
    await writeFile(journalDir(), 'not a directory');
    await expect(credits.settle(chargeId, 10)).rejects.toThrow();
    expect(credits.liveBalance(id)).toBe(70); // held again, not charged
    // The credits step's way: settled in memory at once, the journal write after.
    const settling = credits.settle(chargeId, 10);
    expect(credits.liveBalance(id)).toBe(90);
    await expect(settling).rejects.toThrow();
    expect(credits.liveBalance(id)).toBe(70);
    await rm(journalDir());
    await credits.written();
    expect(await books(id)).toMatchObject({ balance: 100, rows: null });
    // The hold is open: a release closes it, now that the journal takes lines again.
    await credits.release(chargeId).catch(() => undefined);
    await credits.onApplicationShutdown();
  });
});
