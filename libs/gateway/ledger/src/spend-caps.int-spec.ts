import { openDatabase } from '@nl/platform-database';
import { BACKING, REAL_SERVERS, silentLogger, testConfig } from '@nl/testing';
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { AccountsService, type SpendCaps } from '@nl/gateway-access';
import { LEDGER_DATABASE } from './ledger.database.js';
import { CreditsService, isEmbedded } from './credits.service.js';
import { DoubtfulCharges } from './doubtful-charges.js';
import { capResetsAt } from './spend-caps.js';

const NO_CAPS: SpendCaps = { dailyCap: null, monthlyCap: null, alertPercent: null };

describe.each(['standalone', 'distributed'] as const)('spend caps (%s profile)', (profile) => {
  let db: DataSource;
  let credits: CreditsService;
  let accounts: AccountsService;

  beforeAll(async () => {
    db = await openDatabase(testConfig('gateway-access-test', profile).database, [LEDGER_DATABASE]);
    credits = new CreditsService(db);
    accounts = new AccountsService(db, credits);
  });
  afterAll(() => db.destroy());

  /** An account with `balance` hundredths and one key with the given caps (in credits). */
  async function capped(caps: Partial<SpendCaps>, balance = 100_000) {
    const account = await accounts.createAccount({ name: 'caps', tier: 'paid', credits: balance });
    const { info } = await accounts.createKey(account.id);
    await accounts.setSpendCaps(account.id, info.id, { ...NO_CAPS, ...caps });
    return { accountId: account.id, keyId: info.id };
  }
  const reserve = (key: { accountId: string; keyId?: string }, amount: number) =>
    credits.reserve({
      accountId: key.accountId,
      keyId: key.keyId,
      amount,
      endpoint: 'cbs.sbi.lookup',
      requestId: randomUUID(),
    });
  async function hold(key: { accountId: string; keyId?: string }, amount: number) {
    const held = await reserve(key, amount);
    if (!held.ok) throw new Error(`the reservation was refused (${held.reason})`);
    return held;
  }
  /** The key's spend in hundredths: today and this month. */
  async function spent(keyId: string) {
    const spend = (await accounts.spendOf([keyId]))[keyId];
    return { today: Math.round(spend.today * 100), month: Math.round(spend.month * 100) };
  }
  async function today(): Promise<string> {
    const [row] = (await db.query(
      `SELECT to_char((now() AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS day`,
    )) as { day: string }[];
    return row.day;
  }
  const ledgerRows = async (accountId: string) =>
    Number(
      (
        (await db.query('SELECT count(*)::int AS n FROM gw.credit_ledger WHERE account_id = $1', [
          accountId,
        ])) as { n: number }[]
      )[0].n,
    );

  it(`should refuse a reservation that would cross the daily cap, writing nothing (${profile === 'distributed' ? BACKING : 'PGlite'})`, async () => {
    const key = await capped({ dailyCap: 1 });
    await hold(key, 70);
    const rows = await ledgerRows(key.accountId);
    const refused = await reserve(key, 40);
    expect(refused).toEqual({
      ok: false,
      reason: 'spend_cap',
      balance: 100_000 - 70,
      capReached: {
        period: 'daily',
        cap: 100,
        spent: 70,
        resetsAt: capResetsAt('daily', await today()),
      },
    });
    expect(await ledgerRows(key.accountId)).toBe(rows);
    expect((await accounts.getAccount(key.accountId)).balance).toBe(100_000 - 70);
    expect(await spent(key.keyId)).toEqual({ today: 70, month: 70 });
    // What still fits is reserved: the cap is reached, not crossed.
    await hold(key, 30);
    expect(await spent(key.keyId)).toEqual({ today: 100, month: 100 });
  });

  it('should let exactly 10 of 50 concurrent reservations of 0.10 through a daily cap of 1.00', async () => {
    const key = await capped({ dailyCap: 1 });
    const results = await Promise.all(Array.from({ length: 50 }, () => reserve(key, 10)));
    expect(results.filter((r) => r.ok)).toHaveLength(10);
    const refusals = results.filter((r) => !r.ok);
    expect(refusals).toHaveLength(40);
    for (const r of refusals) expect(r).toMatchObject({ reason: 'spend_cap' });
    expect(await spent(key.keyId)).toEqual({ today: 100, month: 100 });
    expect((await accounts.getAccount(key.accountId)).balance).toBe(100_000 - 100);
  });

  it('should hold the cap between two gateways reserving and settling at once', async () => {
    // A second connection pool is a second replica (on PGlite the statements take turns anyway).
    const replica =
      profile === 'distributed' && REAL_SERVERS
        ? await openDatabase(testConfig('gateway-access-test', profile).database, [LEDGER_DATABASE])
        : db;
    const gateways = [credits, new CreditsService(replica)];
    try {
      const keys = [await capped({ dailyCap: 1 }), await capped({ dailyCap: 2 })];
      const calls = Array.from({ length: 80 }, async (_, i) => {
        const key = keys[i % 2];
        const gateway = gateways[Math.floor(i / 2) % 2];
        const held = await gateway.reserve({
          ...key,
          amount: 10,
          endpoint: 'x',
          requestId: `${i}`,
        });
        if (held.ok && i % 3 === 0) await gateway.settle(held.chargeId, 10);
        return held.ok;
      });
      const ok = await Promise.all(calls);
      expect(ok.filter((held, i) => held && i % 2 === 0)).toHaveLength(10);
      expect(ok.filter((held, i) => held && i % 2 === 1)).toHaveLength(20);
      expect(await spent(keys[0].keyId)).toEqual({ today: 100, month: 100 });
      expect(await spent(keys[1].keyId)).toEqual({ today: 200, month: 200 });
    } finally {
      if (replica !== db) await replica.destroy();
    }
  });

  it('should free cap room when a call is settled for less than was held', async () => {
    const key = await capped({ dailyCap: 1 });
    const held = await hold(key, 60);
    expect(await reserve(key, 50)).toMatchObject({ ok: false, reason: 'spend_cap' });
    await credits.settle(held.chargeId, 20);
    expect(await spent(key.keyId)).toEqual({ today: 20, month: 20 });
    await hold(key, 50);
    expect(await spent(key.keyId)).toEqual({ today: 70, month: 70 });
  });

  it('should give the whole amount back on release, sweep and undo', async () => {
    const key = await capped({ dailyCap: 1 });
    await credits.release((await hold(key, 100)).chargeId);
    expect(await spent(key.keyId)).toEqual({ today: 0, month: 0 });

    await hold(key, 100);
    // Embedded: the reservation is in memory, and this file's own; it is swept at any age.
    if (!isEmbedded(db))
      await db.query(
        `UPDATE gw.credit_reservation SET created_at = now() - interval '1 hour' WHERE key_id = $1`,
        [key.keyId],
      );
    expect(await credits.sweep(isEmbedded(db) ? 0 : 60_000)).toBeGreaterThanOrEqual(1);
    expect(await spent(key.keyId)).toEqual({ today: 0, month: 0 });

    const doubtful = new DoubtfulCharges(credits, silentLogger());
    const settled = await hold(key, 60);
    await credits.settle(settled.chargeId, 50);
    const open = await hold(key, 40);
    expect(await spent(key.keyId)).toEqual({ today: 90, month: 90 });
    doubtful.add(settled.chargeId);
    doubtful.add(open.chargeId);
    expect(await doubtful.run()).toBe(0);
    expect(await spent(key.keyId)).toEqual({ today: 0, month: 0 });
    // A second undo gives nothing back twice.
    doubtful.add(settled.chargeId);
    expect(await doubtful.run()).toBe(0);
    expect(await spent(key.keyId)).toEqual({ today: 0, month: 0 });
    doubtful.onApplicationShutdown();
  });

  it('should give spend back when a process that did not reserve closes the reservation', async () => {
    const key = await capped({ dailyCap: 1 });
    const other = new CreditsService(db);
    const settled = await hold(key, 60);
    const released = await hold(key, 30);
    expect(await other.settle(settled.chargeId, 10)).not.toBeNull();
    expect(await other.release(released.chargeId)).not.toBeNull();
    expect(await spent(key.keyId)).toEqual({ today: 10, month: 10 });
  });

  it('should name the monthly cap when a call would cross both: it resets later', async () => {
    const key = await capped({ dailyCap: 1, monthlyCap: 1.5 });
    await hold(key, 100);
    const day = await today();
    expect(await reserve(key, 20)).toMatchObject({
      reason: 'spend_cap',
      capReached: { period: 'daily', cap: 100, spent: 100, resetsAt: capResetsAt('daily', day) },
    });
    expect(await reserve(key, 60)).toMatchObject({
      reason: 'spend_cap',
      capReached: {
        period: 'monthly',
        cap: 150,
        spent: 100,
        resetsAt: capResetsAt('monthly', day),
      },
    });
  });

  it('should count the earlier days of the month toward the monthly cap only', async () => {
    // The embedded profile counts in memory, by the process's clock (embedded-credits.int-spec).
    if (isEmbedded(db)) return;
    const key = await capped({ dailyCap: 1, monthlyCap: 1.5 });
    await hold(key, 100);
    // The counters as yesterday left them, when yesterday is in this month (not on the 1st).
    if (!(await today()).endsWith('-01')) {
      await db.query('UPDATE gw.api_key SET spend_day = spend_day - 1 WHERE id = $1', [key.keyId]);
      expect(await spent(key.keyId)).toEqual({ today: 0, month: 100 });
      await hold(key, 40);
      expect(await reserve(key, 20)).toMatchObject({
        capReached: { period: 'monthly', cap: 150, spent: 140 },
      });
    }
    // Counters of an earlier month count for nothing.
    await db.query(
      `UPDATE gw.api_key SET spend_day = (spend_day - interval '1 month')::date WHERE id = $1`,
      [key.keyId],
    );
    expect(await spent(key.keyId)).toEqual({ today: 0, month: 0 });
    await hold(key, 100);
    expect(await spent(key.keyId)).toEqual({ today: 100, month: 100 });
  });

  it('should leave keys without caps, and the other keys of the account, alone', async () => {
    const key = await capped({ dailyCap: 1 });
    const other = (await accounts.createKey(key.accountId)).info.id;
    await accounts.setSpendCaps(key.accountId, other, { ...NO_CAPS, dailyCap: 5 });
    const uncapped = (await accounts.createKey(key.accountId)).info.id;
    await hold(key, 100);
    expect(await reserve(key, 10)).toMatchObject({ ok: false, reason: 'spend_cap' });
    await hold({ accountId: key.accountId, keyId: other }, 300);
    // A key without caps is not counted, named or not; nor is a call that names no key.
    await hold({ accountId: key.accountId, keyId: uncapped }, 1_000);
    await hold({ accountId: key.accountId }, 1_000);
    expect(await spent(other)).toEqual({ today: 300, month: 300 });
    expect(await spent(uncapped)).toEqual({ today: 0, month: 0 });
    expect(await spent(key.keyId)).toEqual({ today: 100, month: 100 });
    const held = (await db.query(
      'SELECT key_id FROM gw.credit_reservation WHERE account_id = $1 ORDER BY created_at',
      [key.accountId],
    )) as { key_id: string | null }[];
    // Embedded: open reservations are in memory only; the counters above show what counted.
    if (!isEmbedded(db))
      expect(held.map((r) => r.key_id).sort()).toEqual([key.keyId, other, null, null].sort());
  });

  it('should stop counting once the caps are removed, and give back what was counted before', async () => {
    const key = await capped({ dailyCap: 1 });
    const counted = await hold(key, 100);
    await accounts.setSpendCaps(key.accountId, key.keyId, NO_CAPS);
    const uncounted = await hold(key, 500);
    expect(await spent(key.keyId)).toEqual({ today: 100, month: 100 });
    await credits.settle(uncounted.chargeId, 500);
    await credits.settle(counted.chargeId, 40);
    expect(await spent(key.keyId)).toEqual({ today: 40, month: 40 });
  });

  it('should refuse for the balance, not the cap, when the cap has room', async () => {
    const key = await capped({ dailyCap: 1 }, 50);
    expect(await reserve(key, 60)).toEqual({ ok: false, reason: 'balance', balance: 50 });
    expect(await spent(key.keyId)).toEqual({ today: 0, month: 0 });
  });
});
