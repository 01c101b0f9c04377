import { jest } from '@jest/globals';
import { openDatabase } from '@nl/platform-database';
import { testConfig } from '@nl/testing';
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { AccountsService } from '@nl/gateway-access';
import { LEDGER_DATABASE } from './ledger.database.js';
import { CREDIT_CYCLE } from './credit-cycle.sql.js';
import { CreditsService } from './credits.service.js';
import { SqlCredits } from './sql-credits.js';

// The Postgres credits' rounds: closes, reservations and charges after the fact
// queued together go in one statement, the reservations and charges seeing the round's
// refunds. Run on both databases: the SQL is the same on PGlite.
describe.each(['standalone', 'distributed'] as const)('credit rounds (%s profile)', (profile) => {
  let db: DataSource;
  let accounts: AccountsService;

  beforeAll(async () => {
    db = await openDatabase(testConfig('gateway-rounds-test', profile).database, [LEDGER_DATABASE]);
    accounts = new AccountsService(db, new CreditsService(db));
  });
  afterAll(() => db.destroy());

  const reservation = (accountId: string, amount: number) => ({
    accountId,
    amount,
    endpoint: 'cbs.sbi.lookup',
    requestId: randomUUID(),
  });

  it('should close and reserve in one statement, the reservations seeing its refunds', async () => {
    const sql = new SqlCredits(db);
    const { id } = await accounts.createAccount({ name: 'rounds', tier: 'paid', credits: 100 });
    const held: string[] = [];
    for (let i = 0; i < 10; i++) {
      const outcome = await sql.reserve(reservation(id, 10));
      if (!outcome.ok) throw new Error('refused');
      held.push(outcome.chargeId);
    }
    // The rounds' statements are prepared ones, on the driver's pool (preparedQuery).
    const pool = (db.driver as unknown as { master: { query(config: object): Promise<unknown> } })
      .master;
    const query = jest.spyOn(pool, 'query');
    // The first settle runs alone (the queue was idle); the rest queue behind it as one round:
    // four settles (one of them twice), and five reservations that only its refunds can cover.
    const settled = Promise.all([
      ...held.slice(0, 5).map((chargeId) => sql.settle(chargeId, 5)),
      sql.settle(held[1], 5),
    ]);
    const reserved = await Promise.all([1, 2, 3, 4, 5].map(() => sql.reserve(reservation(id, 10))));
    const balances = await settled;
    const merged = query.mock.calls.filter(
      ([config]) => (config as { text?: string }).text === CREDIT_CYCLE,
    );
    query.mockRestore();

    expect(merged).toHaveLength(1);
    // 5 back from the first settle, 20 from the round's four: two reservations of 10 fit.
    expect(reserved.map((r) => r.ok)).toEqual([true, true, false, false, false]);
    expect(reserved.filter((r) => r.ok).map((r) => r.ok && r.balance)).toEqual([15, 5]);
    expect(balances[0]).toBe(5);
    expect(balances.slice(1, 5)).toEqual([5, 5, 5, 5]);
    expect(balances[5]).toBeNull();
    const [books] = (await db.query(
      `SELECT a.balance::int AS balance,
              (SELECT sum(amount) FROM gw.credit_ledger WHERE account_id = a.id)::int AS ledger,
              (SELECT sum(charged) FROM gw.credit_ledger WHERE account_id = a.id)::int AS charged,
              (SELECT sum(amount) FROM gw.credit_reservation WHERE account_id = a.id)::int AS held,
              (SELECT calls FROM gw.usage_daily WHERE account_id = a.id)::int AS calls
         FROM gw.account a WHERE a.id = $1`,
      [id],
    )) as Record<string, number>[];
    // 100 topped up − 25 charged − 70 held (five old reservations, two new).
    expect(books).toEqual({ balance: 5, ledger: 5, charged: 25, held: 70, calls: 5 });
  });
  /** An account's books: balance, ledger sum, charged, held and calls in the usage rollup. */
  async function books(id: string): Promise<Record<string, number>> {
    const [row] = (await db.query(
      `SELECT a.balance::int AS balance,
              (SELECT sum(amount) FROM gw.credit_ledger WHERE account_id = a.id)::int AS ledger,
              (SELECT coalesce(sum(charged), 0) FROM gw.credit_ledger WHERE account_id = a.id)::int AS charged,
              (SELECT coalesce(sum(amount), 0) FROM gw.credit_reservation WHERE account_id = a.id)::int AS held,
              (SELECT coalesce(sum(calls), 0) FROM gw.usage_daily WHERE account_id = a.id)::int AS calls
         FROM gw.account a WHERE a.id = $1`,
      [id],
    )) as Record<string, number>[];
    return row;
  }

  const charge = (accountId: string, amount: number, charged: number) => ({
    ...reservation(accountId, amount),
    chargeId: randomUUID(),
    charge: charged,
  });

  it('should charge after the fact in the round, while the balance covers the fresh price', async () => {
    const sql = new SqlCredits(db);
    const { id } = await accounts.createAccount({ name: 'after', tier: 'paid', credits: 100 });
    const held = await sql.reserve(reservation(id, 10));
    if (!held.ok) throw new Error('refused');
    // One round behind the first charge: a settle, a reservation and three more charges.
    const first = sql.charge(charge(id, 10, 5));
    const round = Promise.all([
      sql.settle(held.chargeId, 10),
      sql.charge(charge(id, 50, 40)),
      sql.reserve(reservation(id, 10)),
      // 100 − 10 − 5 − 40 − 10 = 35 left before it: a fresh price of 40 is not covered.
      sql.charge(charge(id, 40, 1)),
      // The refused charge takes nothing: 35 are left for this one.
      sql.charge(charge(id, 30, 30)),
    ]);
    expect(await first).toEqual({ ok: true, balance: 85 });
    const [settled, big, reserved, refused, last] = await round;
    expect(settled).toBe(5);
    expect(big).toEqual({ ok: true, balance: 45 });
    expect(reserved).toMatchObject({ ok: true, balance: 35 });
    expect(refused).toEqual({ ok: false, reason: 'balance', balance: 5 });
    expect(last).toEqual({ ok: true, balance: 5 });
    // 100 − 10 settled − 5 − 40 − 30 charged after − 10 held.
    expect(await books(id)).toEqual({ balance: 5, ledger: 5, charged: 85, held: 10, calls: 4 });
    const rows = (await db.query(
      `SELECT kind, amount::int AS amount, charged::int AS charged, reserved::int AS reserved
         FROM gw.credit_ledger WHERE account_id = $1 AND reserved IS NOT NULL ORDER BY charged`,
      [id],
    )) as Record<string, unknown>[];
    // One settle row per charge after the fact, standing for its reservation.
    expect(rows).toEqual([
      { kind: 'settle', amount: -5, charged: 5, reserved: 10 },
      { kind: 'settle', amount: -30, charged: 30, reserved: 30 },
      { kind: 'settle', amount: -40, charged: 40, reserved: 50 },
    ]);
  });

  it('should write a charge once however often it is asked for', async () => {
    const sql = new SqlCredits(db);
    const { id } = await accounts.createAccount({ name: 'once', tier: 'paid', credits: 100 });
    const twice = charge(id, 10, 10);
    expect(await sql.charge(twice)).toEqual({ ok: true, balance: 90 });
    // Again alone, and again in one round with itself.
    expect(await sql.charge(twice)).toEqual({ ok: false, reason: 'repeat' });
    const busy = sql.charge(charge(id, 10, 10));
    const again = await Promise.all([sql.charge(twice), sql.charge(twice)]);
    await busy;
    expect(again).toEqual([
      { ok: false, reason: 'repeat' },
      { ok: false, reason: 'repeat' },
    ]);
    expect(await books(id)).toEqual({ balance: 80, ledger: 80, charged: 20, held: 0, calls: 2 });
    expect(await sql.closedAs(twice.chargeId)).toMatchObject({
      kind: 'settle',
      charged: 10,
      balance: 80,
    });
    // Undone (the caller was told 0 after the database failed): refunded once.
    expect(await sql.undo(twice.chargeId)).toBe('refund');
    expect(await books(id)).toMatchObject({ balance: 90, ledger: 90, charged: 10, calls: 1 });
  });

  it('should charge after the fact only while the balance seen covers many calls', async () => {
    const sql = new SqlCredits(db);
    const { id } = await accounts.createAccount({ name: 'ample', tier: 'paid', credits: 100_000 });
    // Nothing seen yet: the first call of an account reserves.
    expect(sql.chargesAfter(id, 10)).toBe(false);
    const first = await sql.reserve(reservation(id, 10));
    expect(first).toMatchObject({ ok: true, balance: 99_990 });
    // 99,990 hundredths cover 1,000 calls of 10, not of 100.
    expect(sql.chargesAfter(id, 10)).toBe(true);
    expect(sql.chargesAfter(id, 100)).toBe(false);
    expect(await sql.charge(charge(id, 10, 10))).toEqual({ ok: true, balance: 99_980 });
    expect(sql.chargesAfter(id, 10)).toBe(true);
    // Another replica (here: a statement) spends the balance: this one's next charge is
    // refused, and it reserves before the calls again.
    await db.query('UPDATE gw.account SET balance = 5 WHERE id = $1', [id]);
    expect(await sql.charge(charge(id, 10, 1))).toEqual({
      ok: false,
      reason: 'balance',
      balance: 5,
    });
    expect(sql.chargesAfter(id, 10)).toBe(false);
  });
});
