import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The account dashboard: server-side sessions (the embedded profile keeps them here;
 * the distributed one in Redis) and when each key was last used.
 */
export class Dashboard1764600000000 implements MigrationInterface {
  name = 'Dashboard1764600000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE gw.dashboard_session (
        id_hash     text PRIMARY KEY,
        account_id  uuid NOT NULL REFERENCES gw.account (id),
        key_id      uuid NOT NULL,
        csrf        text NOT NULL,
        user_agent  text NULL,
        created_at  timestamptz NOT NULL DEFAULT now(),
        rotated_at  timestamptz NOT NULL DEFAULT now(),
        expires_at  timestamptz NOT NULL
      )`);
    await db.query(
      'CREATE INDEX dashboard_session_account_idx ON gw.dashboard_session (account_id)',
    );
    await db.query('ALTER TABLE gw.api_key ADD COLUMN last_used_at timestamptz NULL');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE gw.api_key DROP COLUMN last_used_at');
    await db.query('DROP TABLE gw.dashboard_session');
  }
}
