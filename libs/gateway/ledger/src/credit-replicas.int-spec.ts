import { openDatabase } from '@nl/platform-database';
import { REAL_SERVERS, testConfig } from '@nl/testing';
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { AccountsService } from '@nl/gateway-access';
import { LEDGER_DATABASE } from './ledger.database.js';
import { CreditsService } from './credits.service.js';
import { SqlCredits } from './sql-credits.js';

// Two gateway replicas on one Postgres (each its own pool and its own queue of rounds), calling
// at once on the same accounts: the rounds lock the reservations they close and then the
// accounts in id order, so they never deadlock for good, and the books add up. Needs a shared
// Postgres: the embedded substitute gives each data source a database of its own.
const describeShared = REAL_SERVERS ? describe : describe.skip;

describeShared('credit rounds of two replicas on one Postgres', () => {
  const dbs: DataSource[] = [];

  beforeAll(async () => {
    for (let i = 0; i < 2; i++)
      dbs.push(
        await openDatabase(testConfig(`gateway-replica-${i}`, 'distributed').database, [
          LEDGER_DATABASE,
        ]),
      );
  });
  afterAll(() => Promise.all(dbs.map((db) => db.destroy())));

  it('should keep every account balanced under concurrent calls from both', async () => {
    const accounts = new AccountsService(dbs[0], new CreditsService(dbs[0]));
    const ids: string[] = [];
    for (let i = 0; i < 3; i++)
      ids.push((await accounts.createAccount({ name: 'replicas', tier: 'paid', credits: 400 })).id);
    const replicas = dbs.map((db) => new SqlCredits(db));
    const charged = new Map(ids.map((id) => [id, 0]));
    let refused = 0;

    // 16 callers per replica, 12 calls each, over 3 accounts: 384 calls of 10 against 1,200.
    const caller = async (replica: SqlCredits, n: number) => {
      for (let call = 0; call < 12; call++) {
        const accountId = ids[(n + call) % ids.length];
        const held = await replica.reserve({
          accountId,
          amount: 10,
          endpoint: 'cbs.sbi.lookup',
          requestId: randomUUID(),
        });
        if (!held.ok) {
          refused++;
          continue;
        }
        if (call % 3 === 2) await replica.release(held.chargeId);
        else {
          const charge = call % 3 === 0 ? 10 : 4;
          expect(await replica.settle(held.chargeId, charge)).not.toBeNull();
          charged.set(accountId, (charged.get(accountId) ?? 0) + charge);
        }
      }
    };
    await Promise.all(replicas.flatMap((r) => Array.from({ length: 16 }, (_, n) => caller(r, n))));

    const rows = (await dbs[1].query(
      `SELECT a.id::text AS id, a.balance::int AS balance,
              (SELECT sum(amount) FROM gw.credit_ledger WHERE account_id = a.id)::int AS ledger,
              (SELECT coalesce(sum(charged), 0) FROM gw.credit_ledger WHERE account_id = a.id)::int AS charged,
              (SELECT count(*) FROM gw.credit_reservation WHERE account_id = a.id)::int AS open
         FROM gw.account a WHERE a.id = ANY($1)`,
      [ids],
    )) as { id: string; balance: number; ledger: number; charged: number; open: number }[];
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      const seen = charged.get(row.id) ?? 0;
      expect(row).toEqual({
        id: row.id,
        balance: 400 - seen,
        ledger: 400 - seen,
        charged: seen,
        open: 0,
      });
    }
    // 384 calls of 10 would need 3,840 held at once at worst; the balances cover most of them.
    expect(refused).toBeLessThan(384);
  });
});
