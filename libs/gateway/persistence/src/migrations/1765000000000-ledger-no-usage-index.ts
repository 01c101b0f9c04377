import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The ledger loses its (account_id, created_at) index. It served the one-time backfill
 * of the usage rollup (UsageDaily1764100000000); since then no statement reads the ledger by
 * account and time: usage comes from `usage_daily`, a charge is found by (charge_id, kind). Every
 * ledger row paid for it all the same, one more b-tree insert per charge in each group commit.
 */
export class LedgerNoUsageIndex1765000000000 implements MigrationInterface {
  name = 'LedgerNoUsageIndex1765000000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query('DROP INDEX gw.credit_ledger_usage_idx');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(
      'CREATE INDEX credit_ledger_usage_idx ON gw.credit_ledger (account_id, created_at)',
    );
  }
}
