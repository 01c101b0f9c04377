import type { MigrationInterface, QueryRunner } from 'typeorm';
import { X402_ACCOUNT_ID } from '../system-accounts.js';

/**
 * x402 payments. `gw.x402_payment` is the one-time store of signed payments: a
 * payer's nonce is reserved here before verification (the primary key makes a second request
 * with the same payment lose), then settled or given up. Each settlement is also a row of
 * the append-only credit ledger, kind `x402`, with the payer and the transaction hash, booked
 * to one system account so that usage and revenue of both routes are one report.
 */
export class X402Payments1764300000000 implements MigrationInterface {
  name = 'X402Payments1764300000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE gw.x402_payment (
        payer       text NOT NULL,
        nonce       text NOT NULL,
        state       text NOT NULL CHECK (state IN ('reserved', 'settled', 'failed')),
        endpoint    text NOT NULL,
        request_id  text NOT NULL,
        amount      numeric(78, 0) NOT NULL,
        tx_hash     text NULL,
        reason      text NULL,
        created_at  timestamptz NOT NULL DEFAULT now(),
        closed_at   timestamptz NULL,
        PRIMARY KEY (payer, nonce)
      )`);
    await db.query('ALTER TABLE gw.credit_ledger ADD COLUMN payer text NULL');
    await db.query('ALTER TABLE gw.credit_ledger ADD COLUMN tx_hash text NULL');
    await db.query('ALTER TABLE gw.credit_ledger DROP CONSTRAINT credit_ledger_kind_check');
    await db.query(`
      ALTER TABLE gw.credit_ledger ADD CONSTRAINT credit_ledger_kind_check
        CHECK (kind IN ('topup', 'reserve', 'settle', 'release', 'x402'))`);
    await db.query(
      `INSERT INTO gw.account (id, name, tier) VALUES ($1, 'x402 payments (system)', 'paid')
       ON CONFLICT (id) DO NOTHING`,
      [X402_ACCOUNT_ID],
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DELETE FROM gw.usage_daily WHERE account_id = $1', [X402_ACCOUNT_ID]);
    await db.query(`DELETE FROM gw.credit_ledger WHERE kind = 'x402'`);
    await db.query('DELETE FROM gw.account WHERE id = $1', [X402_ACCOUNT_ID]);
    await db.query('ALTER TABLE gw.credit_ledger DROP CONSTRAINT credit_ledger_kind_check');
    await db.query(`
      ALTER TABLE gw.credit_ledger ADD CONSTRAINT credit_ledger_kind_check
        CHECK (kind IN ('topup', 'reserve', 'settle', 'release'))`);
    await db.query('ALTER TABLE gw.credit_ledger DROP COLUMN tx_hash');
    await db.query('ALTER TABLE gw.credit_ledger DROP COLUMN payer');
    await db.query('DROP TABLE gw.x402_payment');
  }
}
