import { jest } from '@jest/globals';
import { openDatabase } from '@nl/platform-database';
import { testConfig } from '@nl/testing';
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { AccountsService } from '../accounts/accounts.service.js';
import { GATEWAY_DATABASE } from '../gateway.database.js';
import { CLOSE_AND_RESERVE } from './credit-cycle.sql.js';
import { CreditsService } from './credits.service.js';
import { SqlCredits } from './sql-credits.js';

// The Postgres credits' rounds (issue 17): closes and reservations queued together go in one
// statement, the reservations seeing the round's refunds. Run on both databases: the SQL is
// the same on PGlite.
describe.each(['standalone', 'distributed'] as const)('credit rounds (%s profile)', (profile) => {
  let db: DataSource;
  let accounts: AccountsService;

  beforeAll(async () => {
    db = await openDatabase(testConfig('gateway-rounds-test', profile).database, [
      GATEWAY_DATABASE,
    ]);
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
      ([config]) => (config as { text?: string }).text === CLOSE_AND_RESERVE,
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
  it('should let a call ask the service meanwhile only while the balance seen covers many calls', async () => {
    const sql = new SqlCredits(db);
    const { id } = await accounts.createAccount({ name: 'ample', tier: 'paid', credits: 100_000 });
    // Nothing seen yet: the first call of an account waits for its reservation.
    expect(sql.amplyCovers(id, 10)).toBe(false);
    const first = await sql.reserve(reservation(id, 10));
    expect(first).toMatchObject({ ok: true, balance: 99_990 });
    // 99,990 hundredths cover 1,000 calls of 10, not of 100.
    expect(sql.amplyCovers(id, 10)).toBe(true);
    expect(sql.amplyCovers(id, 100)).toBe(false);
    // Another replica (here: a statement) spends the balance: this one's next reservation is
    // refused, and it stops asking ahead.
    await db.query('UPDATE gw.account SET balance = 5 WHERE id = $1', [id]);
    expect(await sql.reserve(reservation(id, 10))).toEqual({ ok: false, reason: 'balance' });
    expect(sql.amplyCovers(id, 10)).toBe(false);
  });
});
