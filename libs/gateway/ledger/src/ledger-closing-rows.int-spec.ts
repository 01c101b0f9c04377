import { closeDatabase, openDatabase } from '@nl/platform-database';
import { testConfig } from '@nl/testing';
import type { DataSource } from 'typeorm';
import { AccountsService } from '@nl/gateway-access';
import { GATEWAY_MIGRATIONS } from '@nl/gateway-persistence';
import { CreditsService } from './credits.service.js';
import { LEDGER_DATABASE } from './ledger.database.js';

/**
 * The embedded ledger's one row per charge, taken back to the two rows before it and forward,
 * through the migrations after it (the usage index, the ledger's key).
 */
describe('migration LedgerClosingRows (PGlite)', () => {
  let db: DataSource;
  beforeAll(async () => {
    db = await openDatabase(testConfig('gateway-access-test', 'standalone').database, [
      LEDGER_DATABASE,
    ]);
  });
  afterAll(() => closeDatabase(db));

  const rows = async (chargeId: string) =>
    (await db.query(
      `SELECT kind, amount::int, charged::int, key_id IS NOT NULL AS keyed
         FROM gw.credit_ledger WHERE charge_id = $1 ORDER BY kind DESC`,
      [chargeId],
    )) as unknown[];

  it('should turn each closing row that stands for its reservation back into a reserve and a settle row', async () => {
    const credits = new CreditsService(db);
    const accounts = new AccountsService(db, credits);
    const account = await accounts.createAccount({ name: 'down', tier: 'paid', credits: 100 });
    const keyId = (await accounts.createKey(account.id)).info.id;
    await accounts.setSpendCaps(account.id, keyId, {
      dailyCap: 10,
      monthlyCap: null,
      alertPercent: null,
    });
    const held = await credits.reserve({
      accountId: account.id,
      keyId,
      amount: 30,
      endpoint: 'cbs.sbi.lookup',
      requestId: 'req-down',
    });
    if (!held.ok) throw new Error('refused');
    await credits.settle(held.chargeId, 10);
    await credits.onApplicationShutdown();
    expect(await rows(held.chargeId)).toEqual([
      { kind: 'settle', amount: -10, charged: 10, keyed: true },
    ]);

    const indexes = async () =>
      (
        (await db.query(
          `SELECT indexdef FROM pg_indexes WHERE schemaname = 'gw' AND tablename = 'credit_ledger' ORDER BY 1`,
        )) as { indexdef: string }[]
      ).map((i) => i.indexdef.replace(/ USING btree/, ''));
    expect(await indexes()).toEqual([
      'CREATE UNIQUE INDEX credit_ledger_pkey ON gw.credit_ledger (charge_id, kind)',
    ]);
    // The migrations of other tables that came later first, then the three of the ledger that
    // came after it: CreditFit, LedgerChargeKey, LedgerNoUsageIndex.
    const creditFit = GATEWAY_MIGRATIONS.findIndex((m) => m.name === 'CreditFit1765200000000');
    const later = GATEWAY_MIGRATIONS.length - 1 - creditFit;
    for (let undone = 0; undone < later; undone++) await db.undoLastMigration();
    await db.undoLastMigration();
    const folds = `SELECT count(*)::int AS n FROM pg_proc WHERE proname LIKE 'credit_fit%'`;
    expect(await db.query(folds)).toEqual([{ n: 0 }]);
    await db.undoLastMigration();
    expect(await indexes()).toEqual([
      'CREATE UNIQUE INDEX credit_ledger_charge_id_kind_key ON gw.credit_ledger (charge_id, kind)',
      'CREATE UNIQUE INDEX credit_ledger_pkey ON gw.credit_ledger (id)',
    ]);
    await db.undoLastMigration();
    expect(await indexes()).toContain(
      'CREATE INDEX credit_ledger_usage_idx ON gw.credit_ledger (account_id, created_at)',
    );
    await db.undoLastMigration();
    expect(await rows(held.chargeId)).toEqual([
      { kind: 'settle', amount: 20, charged: 10, keyed: false },
      { kind: 'reserve', amount: -30, charged: 0, keyed: true },
    ]);
    const fks = (await db.query(
      `SELECT conname FROM pg_constraint WHERE conrelid = 'gw.credit_ledger'::regclass AND contype = 'f' ORDER BY 1`,
    )) as { conname: string }[];
    expect(fks.map((f) => f.conname)).toEqual([
      'credit_ledger_account_id_fkey',
      'credit_ledger_key_id_fkey',
    ]);

    await db.runMigrations();
    const [{ sum }] = (await db.query(
      'SELECT sum(amount)::int AS sum FROM gw.credit_ledger WHERE account_id = $1',
      [account.id],
    )) as { sum: number }[];
    expect(sum).toBe(90);
  });
});
