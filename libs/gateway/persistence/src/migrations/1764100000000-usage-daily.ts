import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Usage per account, UTC day and endpoint, kept up to date by every settlement (in the same
 * statement), so `/v1/account/usage` reads at most 30 days × endpoints rows however long the
 * ledger grows. Filled from the ledger's existing settlements once.
 */
export class UsageDaily1764100000000 implements MigrationInterface {
  name = 'UsageDaily1764100000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE gw.usage_daily (
        account_id  uuid NOT NULL REFERENCES gw.account (id),
        day         date NOT NULL,
        endpoint    text NOT NULL,
        calls       bigint NOT NULL DEFAULT 0,
        charged     bigint NOT NULL DEFAULT 0,
        PRIMARY KEY (account_id, day, endpoint)
      )`);
    await db.query(`
      INSERT INTO gw.usage_daily (account_id, day, endpoint, calls, charged)
      SELECT account_id, (created_at AT TIME ZONE 'UTC')::date, endpoint, count(*), sum(charged)
        FROM gw.credit_ledger
       WHERE kind = 'settle' AND endpoint IS NOT NULL
       GROUP BY 1, 2, 3`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE gw.usage_daily');
  }
}
