import { openDatabase } from '@nl/platform-database';
import { BACKING, silentLogger, testConfig } from '@nl/testing';
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { AccountsService } from '@nl/gateway-access';
import { LEDGER_DATABASE } from './ledger.database.js';
import { CreditsService, isEmbedded } from './credits.service.js';
import { DoubtfulCharges } from './doubtful-charges.js';

describe.each(['standalone', 'distributed'] as const)('credit ledger (%s profile)', (profile) => {
  let db: DataSource;
  let credits: CreditsService;
  let accounts: AccountsService;

  beforeAll(async () => {
    db = await openDatabase(testConfig('gateway-access-test', profile).database, [LEDGER_DATABASE]);
    credits = new CreditsService(db);
    accounts = new AccountsService(db, credits);
  });
  afterAll(() => db.destroy());

  async function account(balance: number): Promise<string> {
    return (await accounts.createAccount({ name: 'ledger test', tier: 'paid', credits: balance }))
      .id;
  }
  const reservation = (accountId: string, amount: number) => ({
    accountId,
    amount,
    endpoint: 'cbs.sbi.lookup',
    requestId: randomUUID(),
  });

  async function hold(accountId: string, amount: number) {
    const held = await credits.reserve(reservation(accountId, amount));
    if (!held.ok) throw new Error(`the reservation was refused (${held.reason})`);
    return held;
  }

  /**
   * balance = sum(ledger) = top-ups − settled charges − open reservations, read from the tables.
   * The embedded profile keeps open reservations in memory and writes one ledger row when a
   * reservation closes, with the net change: it sums to what the distributed profile's rows do.
   */
  async function books(accountId: string) {
    await credits.written();
    const [row] = (await db.query(
      `SELECT a.balance::bigint AS balance,
              (SELECT coalesce(sum(amount), 0) FROM gw.credit_ledger WHERE account_id = a.id)::bigint AS ledger,
              (SELECT coalesce(sum(amount), 0) FROM gw.credit_ledger WHERE account_id = a.id AND kind = 'topup')::bigint AS topups,
              (SELECT coalesce(sum(charged), 0) FROM gw.credit_ledger WHERE account_id = a.id)::bigint AS charged,
              (SELECT coalesce(sum(amount), 0) FROM gw.credit_reservation WHERE account_id = a.id)::bigint AS held
         FROM gw.account a WHERE a.id = $1`,
      [accountId],
    )) as Record<string, string>[];
    const tables = Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v)]));
    const live = credits.liveBalance(accountId);
    if (!isEmbedded(db) || live === undefined) return tables;
    const held = tables.balance - live;
    return { ...tables, balance: live, ledger: tables.ledger - held, held };
  }

  it(`should reserve the fresh price and settle the charged one (${profile === 'distributed' ? BACKING : 'PGlite'})`, async () => {
    const id = await account(100);
    const held = await hold(id, 30);
    expect(held.balance).toBe(70);
    expect(await credits.settle(held.chargeId, 10)).toBe(90);
    expect(await books(id)).toEqual({ balance: 90, ledger: 90, topups: 100, charged: 10, held: 0 });
  });

  it('should release a whole reservation and never close one twice', async () => {
    const id = await account(100);
    const held = await hold(id, 30);
    expect(await credits.release(held.chargeId)).toBe(100);
    expect(await credits.release(held.chargeId)).toBeNull();
    expect(await credits.settle(held.chargeId, 30)).toBeNull();
    expect(await books(id)).toEqual({
      balance: 100,
      ledger: 100,
      topups: 100,
      charged: 0,
      held: 0,
    });
  });

  it('should never charge more than was reserved', async () => {
    const id = await account(100);
    const held = await hold(id, 30);
    expect(await credits.settle(held.chargeId, 500)).toBe(70);
    expect((await books(id)).charged).toBe(30);
  });

  it('should refuse a reservation the balance does not cover, leaving no trace', async () => {
    const id = await account(20);
    expect(await credits.reserve(reservation(id, 30))).toEqual({
      ok: false,
      reason: 'balance',
      balance: 20,
    });
    expect(await books(id)).toEqual({ balance: 20, ledger: 20, topups: 20, charged: 0, held: 0 });
  });

  it('should let exactly two of 50 concurrent 0.50 reservations through a balance of 1.00', async () => {
    const id = await account(100);
    const results = await Promise.all(
      Array.from({ length: 50 }, () => credits.reserve(reservation(id, 50))),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(2);
    expect(await books(id)).toEqual({ balance: 0, ledger: 0, topups: 100, charged: 0, held: 100 });
    await Promise.all(results.map((r) => r.ok && credits.settle(r.chargeId, 50)));
    expect(await books(id)).toEqual({ balance: 0, ledger: 0, topups: 100, charged: 100, held: 0 });
  });

  it('should keep accounts apart when many reservations share one statement', async () => {
    const ids = await Promise.all([100, 250, 0, 75].map((balance) => account(balance)));
    // 40 concurrent reservations of 0.25 over four accounts: they go in a few batched statements.
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) => credits.reserve(reservation(ids[i % 4], 25))),
    );
    const accepted = ids.map((_, a) => results.filter((r, i) => r.ok && i % 4 === a).length);
    expect(accepted).toEqual([4, 10, 0, 3]);
    for (const [a, id] of ids.entries()) {
      const b = await books(id);
      expect(b.balance).toBe([100, 250, 0, 75][a] - accepted[a] * 25);
      expect(b.balance).toBe(b.ledger);
    }
    // Settling them all at once, some twice, charges each exactly once.
    const open = results.filter((r) => r.ok);
    const closed = await Promise.all([
      ...open.map((r) => credits.settle(r.chargeId, 10)),
      ...open.map((r) => credits.settle(r.chargeId, 10)),
    ]);
    expect(closed.filter((c) => c !== null)).toHaveLength(open.length);
    for (const id of ids) {
      const b = await books(id);
      expect(b).toMatchObject({ held: 0, balance: b.ledger });
      expect(b.balance).toBe(b.topups - b.charged);
    }
  });

  it('should sweep only reservations older than the given age', async () => {
    const id = await account(100);
    await credits.reserve(reservation(id, 40));
    expect(await books(id)).toMatchObject({ balance: 60, held: 40 });
    // Other suites may hold reservations in a shared database: age only this account's one.
    await credits.sweep(60_000);
    expect(await books(id)).toMatchObject({ balance: 60, held: 40 });
    // Embedded: the reservation is in memory, and this file's own; it is swept at any age.
    if (!isEmbedded(db))
      await db.query(
        `UPDATE gw.credit_reservation SET created_at = now() - interval '1 hour' WHERE account_id = $1`,
        [id],
      );
    expect(await credits.sweep(isEmbedded(db) ? 0 : 60_000)).toBeGreaterThanOrEqual(1);
    expect(await books(id)).toEqual({
      balance: 100,
      ledger: 100,
      topups: 100,
      charged: 0,
      held: 0,
    });
  });

  it('should undo a charge of unknown outcome: refund a settlement once, release a reservation', async () => {
    const doubtful = new DoubtfulCharges(credits, silentLogger());
    const id = await account(100);
    const settled = await hold(id, 30);
    await credits.settle(settled.chargeId, 10);
    const open = await hold(id, 20);
    const usage = async () => {
      await credits.written();
      return (await db.query(
        'SELECT coalesce(sum(calls), 0)::int AS calls, coalesce(sum(charged), 0)::int AS charged FROM gw.usage_daily WHERE account_id = $1',
        [id],
      )) as { calls: number; charged: number }[];
    };
    expect(await usage()).toEqual([{ calls: 1, charged: 10 }]);
    doubtful.add(settled.chargeId);
    doubtful.add(open.chargeId);
    expect(await doubtful.run()).toBe(0);
    const clean = { balance: 100, ledger: 100, topups: 100, charged: 0, held: 0 };
    expect(await books(id)).toEqual(clean);
    expect(await usage()).toEqual([{ calls: 0, charged: 0 }]);
    // Undoing again changes nothing: a settlement is refunded once.
    doubtful.add(settled.chargeId);
    doubtful.add(open.chargeId);
    expect(await doubtful.run()).toBe(0);
    expect(await books(id)).toEqual(clean);
    await credits.written();
    // In the order written (the append-only ledger's rows lie in it; it has no serial id).
    const kinds = (await db.query(
      'SELECT kind FROM gw.credit_ledger WHERE account_id = $1 ORDER BY ctid',
      [id],
    )) as { kind: string }[];
    // Embedded: a closing row stands for its reservation, and the open reservation's row is
    // written when the undo releases it.
    expect(kinds.map((k) => k.kind)).toEqual(
      isEmbedded(db)
        ? ['topup', 'settle', 'refund', 'release']
        : ['topup', 'reserve', 'settle', 'reserve', 'refund', 'release'],
    );
    doubtful.onApplicationShutdown();
  });

  it('should keep a charge it could not undo while the database is away', async () => {
    const away = {
      query: () => Promise.reject(new Error('Connection terminated unexpectedly')),
    } as unknown as DataSource;
    const doubtful = new DoubtfulCharges(new CreditsService(away), silentLogger());
    doubtful.add(randomUUID());
    expect(await doubtful.run()).toBe(1);
    expect(doubtful.size).toBe(1);
    doubtful.onApplicationShutdown();
  });

  it('should reject top-ups that are not positive whole hundredths', async () => {
    const id = await account(0);
    await expect(credits.topUp(id, 0)).rejects.toThrow(/positive/);
    await expect(credits.topUp(id, 1.5)).rejects.toThrow(/positive/);
    await expect(credits.topUp(randomUUID(), 10)).rejects.toThrow(/No account/);
    expect(await credits.topUp(id, 250)).toBe(250);
  });
});
