import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Rolling, expiry and scopes of API keys. A rolled key keeps its row (id, caps, spend, usage)
 * with the new secret's hash in `hash`; the secret it replaced is `previous_hash` (and its
 * visible `previous_prefix`) until `previous_until`, NULL when there is none. `expires_at`: when
 * the key stops working, NULL for never. `scopes`: the only domains the key may call, NULL for
 * all (an empty list is stored as NULL, so a list always has an entry).
 */
export class KeyRolling1765600000000 implements MigrationInterface {
  name = 'KeyRolling1765600000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE gw.api_key
        ADD COLUMN previous_hash text NULL,
        ADD COLUMN previous_prefix text NULL,
        ADD COLUMN previous_until timestamptz NULL,
        ADD COLUMN expires_at timestamptz NULL,
        ADD COLUMN scopes text[] NULL,
        ADD CONSTRAINT api_key_previous_hash_key UNIQUE (previous_hash),
        ADD CONSTRAINT api_key_scopes_check CHECK (cardinality(scopes) BETWEEN 1 AND 50)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE gw.api_key
        DROP COLUMN scopes, DROP COLUMN expires_at, DROP COLUMN previous_until,
        DROP COLUMN previous_prefix, DROP COLUMN previous_hash`);
  }
}
