import { jest } from '@jest/globals';
import { closeDatabase, embeddedThread, openDatabase } from '@nl/platform-database';
import { runWithRequestId } from '@nl/platform-context';
import { captureLogs, testConfig } from '@nl/testing';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { DataSource } from 'typeorm';
import { AccountsService } from '@nl/gateway-access';
import { LEDGER_DATABASE } from './ledger.database.js';
import { CreditJournal, JOURNAL_DIR } from './credit-journal.js';
import { CreditsService } from './credits.service.js';
import { recoverJournal } from './journal-recovery.js';

/** Every clock API stays real but Date: the books' day moves, the database's timers do not. */
const ONLY_DATE = {
  doNotFake: [
    ...['hrtime', 'nextTick', 'performance', 'queueMicrotask'],
    ...['setImmediate', 'clearImmediate', 'setInterval', 'clearInterval'],
    ...['setTimeout', 'clearTimeout'],
  ],
} as const;

describe('embedded credits (PGlite, balances in this process)', () => {
  let db: DataSource;
  let credits: CreditsService;
  let accounts: AccountsService;

  beforeAll(async () => {
    db = await openDatabase(testConfig('gateway-access-test', 'standalone').database, [
      LEDGER_DATABASE,
    ]);
    credits = new CreditsService(db);
    accounts = new AccountsService(db, credits);
  });
  afterAll(() => closeDatabase(db));
  afterEach(() => jest.useRealTimers());

  /** The embedded ledger's delivery list (it keeps one; Postgres does not). */
  const deliveries = () => {
    if (!credits.deliveries) throw new Error('the embedded ledger keeps a delivery list');
    return credits.deliveries;
  };
  const day = (iso: string) => jest.setSystemTime(new Date(`${iso}T12:00:00Z`));

  async function hold(key: { accountId: string; keyId: string }, amount: number) {
    const held = await credits.reserve({ ...key, amount, endpoint: 'x', requestId: randomUUID() });
    if (!held.ok) throw new Error(`the reservation was refused (${held.reason})`);
    return held;
  }
  const spent = async (keyId: string) => {
    const spend = (await accounts.spendOf([keyId]))[keyId];
    return { today: Math.round(spend.today * 100), month: Math.round(spend.month * 100) };
  };

  it('should count the earlier days of the month toward the monthly cap only', async () => {
    jest.useFakeTimers({ doNotFake: [...ONLY_DATE.doNotFake] });
    day('2026-11-15');
    const account = await accounts.createAccount({ name: 'days', tier: 'paid', credits: 10_000 });
    const keyId = (await accounts.createKey(account.id)).info.id;
    const caps = { dailyCap: 1, monthlyCap: 1.5, alertPercent: null };
    await accounts.setSpendCaps(account.id, keyId, caps);
    const key = { accountId: account.id, keyId };
    const first = await hold(key, 100);
    day('2026-11-16');
    expect(await spent(keyId)).toEqual({ today: 0, month: 100 });
    await credits.settle(first.chargeId, 100);
    expect(await spent(keyId)).toEqual({ today: 0, month: 100 });
    await hold(key, 40);
    expect(
      await credits.reserve({ ...key, amount: 20, endpoint: 'x', requestId: 'r' }),
    ).toMatchObject({ capReached: { period: 'monthly', cap: 150, spent: 140 } });
    day('2026-12-16');
    expect(await spent(keyId)).toEqual({ today: 0, month: 0 });
    await hold(key, 100);
    expect(await spent(keyId)).toEqual({ today: 100, month: 100 });
  });

  it('should log a failed group commit as no request of those it carried, and commit it later', async () => {
    const logs = captureLogs();
    const logged = new CreditsService(db, logs.logger);
    const thread = embeddedThread(db);
    if (!thread) throw new Error('not the embedded database');
    const execute = thread.execute.bind(thread);
    let failures = 1;
    const spy = jest.spyOn(thread, 'execute').mockImplementation(async (statement) => {
      if (statement.name === 'nl_group_commit' && failures-- > 0) throw new Error('disk full');
      return execute(statement);
    });
    try {
      const account = await accounts.createAccount({ name: 'ctx', tier: 'paid', credits: 100 });
      await runWithRequestId('req-that-started-it', async () => {
        const held = await hold({ accountId: account.id, keyId: '' }, 10);
        await logged.settle(held.chargeId, 10);
      });
      // A flush that meets the failed commit rejects; the next one waits for its retry.
      await logged.written().catch(() => undefined);
      await logged.written();
    } finally {
      spy.mockRestore();
    }
    const failed = logs
      .lines()
      .filter((l) => String(l.msg).startsWith('credit group commit failed'));
    expect(failed).toEqual([expect.objectContaining({ level: 'error', charges: 1 })]);
    expect(failed[0]).not.toHaveProperty('requestId');
  });

  it('should take a sent answer off the delivery list once its response finished or closed, and not before', async () => {
    const account = await accounts.createAccount({ name: 'sent', tier: 'paid', credits: 100 });
    const settled = async () => {
      const held = await hold({ accountId: account.id, keyId: '' }, 10);
      await credits.settle(held.chargeId, 10);
      return held.chargeId;
    };
    const listed = async () =>
      (
        (await db.query(`SELECT undelivered::text[] AS u FROM gw.credit_delivery`)) as {
          u: string[];
        }[]
      )[0].u;
    const [finishing, closing, pending] = [await settled(), await settled(), await settled()];
    const answers = {
      [finishing]: { writableFinished: false, destroyed: false },
      [closing]: { writableFinished: false, destroyed: false },
      [pending]: { writableFinished: false, destroyed: false },
    };
    for (const [chargeId, response] of Object.entries(answers))
      deliveries().sent(chargeId, response);
    await credits.written();
    // Still being written: a commit keeps all three on the list.
    await settled();
    await credits.written();
    expect(await listed()).toEqual(expect.arrayContaining([finishing, closing, pending]));
    answers[finishing].writableFinished = true;
    answers[closing].destroyed = true; // its connection went first
    await settled();
    await credits.written();
    const after = await listed();
    expect(after).toContain(pending);
    expect(after).not.toContain(finishing);
    expect(after).not.toContain(closing);
  });

  it('should write a closed reservation as one ledger row that stands for the hold too, and put a settlement on the delivery list until its answer went out', async () => {
    const account = await accounts.createAccount({ name: 'rows', tier: 'paid', credits: 100 });
    const held = await credits.reserve({
      accountId: account.id,
      amount: 30,
      endpoint: 'cbs.sbi.lookup',
      requestId: 'req-1',
    });
    if (!held.ok) throw new Error('refused');
    const before = Date.now();
    expect(await credits.settle(held.chargeId, 10)).toBe(90);
    await credits.written();
    const rows = (await db.query(
      `SELECT kind, amount::int, charged::int, reserved::int, request_id, endpoint,
              reserved_at <= created_at AS in_order, (extract(epoch FROM reserved_at) * 1000)::float8 AS reserved_ms
         FROM gw.credit_ledger WHERE charge_id = $1`,
      [held.chargeId],
    )) as { reserved_ms: number }[];
    expect(rows).toEqual([
      {
        kind: 'settle',
        amount: -10,
        charged: 10,
        reserved: 30,
        request_id: 'req-1',
        endpoint: 'cbs.sbi.lookup',
        in_order: true,
        reserved_ms: expect.any(Number),
      },
    ]);
    // The hold's own time: before the settlement was asked for, not when it was written.
    expect(rows[0].reserved_ms).toBeLessThanOrEqual(before);
    const listed = async () =>
      (
        (await db.query(`SELECT undelivered::text[] AS u FROM gw.credit_delivery`)) as {
          u: string[];
        }[]
      )[0].u;
    expect(await listed()).toContain(held.chargeId);
    deliveries().sent(held.chargeId, { writableFinished: true, destroyed: false });
    await credits.onApplicationShutdown();
    expect(await listed()).not.toContain(held.chargeId);
  });

  it("should keep a settlement whose answer is kept already (a batch item's) off the delivery list, so that a restart refunds only the other", async () => {
    const account = await accounts.createAccount({ name: 'kept', tier: 'paid', credits: 100 });
    const key = { accountId: account.id, keyId: '' };
    const [answered, kept] = [await hold(key, 10), await hold(key, 10)];
    await credits.settle(answered.chargeId, 10);
    await credits.settle(kept.chargeId, 10, true);
    await credits.written();
    const listed = (
      (await db.query(`SELECT undelivered::text[] AS u FROM gw.credit_delivery`)) as {
        u: string[];
      }[]
    )[0].u;
    expect(listed).toContain(answered.chargeId);
    expect(listed).not.toContain(kept.chargeId);
    // Stopped with the first answer never sent: the next start refunds it, and only it.
    await credits.onApplicationShutdown();
    const thread = embeddedThread(db);
    if (!thread) throw new Error('the embedded ledger runs on a PGlite thread');
    await recoverJournal(db, thread, new CreditJournal(join(thread.dataDir, JOURNAL_DIR)));
    const rows = (await db.query(
      `SELECT charge_id::text AS charge, kind, amount::int FROM gw.credit_ledger
        WHERE account_id = $1 AND kind IN ('settle', 'refund') ORDER BY created_at, kind DESC`,
      [account.id],
    )) as { charge: string; kind: string; amount: number }[];
    expect(rows).toEqual([
      { charge: answered.chargeId, kind: 'settle', amount: -10 },
      { charge: kept.chargeId, kind: 'settle', amount: -10 },
      { charge: answered.chargeId, kind: 'refund', amount: 10 },
    ]);
  });
});
