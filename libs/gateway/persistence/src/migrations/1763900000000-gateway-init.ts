import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The gateway's own schema: accounts, API keys (hashes only), open credit reservations and the
 * append-only credit ledger. Amounts are hundredths of a credit.
 */
export class GatewayInit1763900000000 implements MigrationInterface {
  name = 'GatewayInit1763900000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query('CREATE SCHEMA IF NOT EXISTS gw');
    await db.query(`
      CREATE TABLE gw.account (
        id            uuid PRIMARY KEY,
        name          text NOT NULL,
        tier          text NOT NULL CHECK (tier IN ('free', 'trial', 'paid', 'premium')),
        subscriptions text[] NOT NULL DEFAULT '{}',
        balance       bigint NOT NULL DEFAULT 0 CHECK (balance >= 0),
        created_at    timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`
      CREATE TABLE gw.api_key (
        id          uuid PRIMARY KEY,
        account_id  uuid NOT NULL REFERENCES gw.account (id),
        prefix      text NOT NULL,
        hash        text NOT NULL UNIQUE,
        name        text NULL,
        created_at  timestamptz NOT NULL DEFAULT now(),
        revoked_at  timestamptz NULL
      )`);
    await db.query('CREATE INDEX api_key_account_idx ON gw.api_key (account_id)');
    await db.query(`
      CREATE TABLE gw.credit_reservation (
        charge_id   uuid PRIMARY KEY,
        account_id  uuid NOT NULL REFERENCES gw.account (id),
        amount      bigint NOT NULL CHECK (amount >= 0),
        endpoint    text NOT NULL,
        request_id  text NOT NULL,
        created_at  timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query('CREATE INDEX credit_reservation_age_idx ON gw.credit_reservation (created_at)');
    // amount: the signed change to the account balance; charged: credits earned by a settle.
    await db.query(`
      CREATE TABLE gw.credit_ledger (
        id          bigserial PRIMARY KEY,
        account_id  uuid NOT NULL REFERENCES gw.account (id),
        kind        text NOT NULL CHECK (kind IN ('topup', 'reserve', 'settle', 'release')),
        charge_id   uuid NOT NULL,
        request_id  text NULL,
        endpoint    text NULL,
        amount      bigint NOT NULL,
        charged     bigint NOT NULL DEFAULT 0,
        created_at  timestamptz NOT NULL DEFAULT now(),
        UNIQUE (charge_id, kind)
      )`);
    await db.query(
      'CREATE INDEX credit_ledger_usage_idx ON gw.credit_ledger (account_id, created_at)',
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP SCHEMA gw CASCADE');
  }
}
