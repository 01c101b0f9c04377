import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Per-key allowed origins: the web origins (`https://shop.example.nl`, normalised as
 * a browser sends them in `Origin`) whose pages may call with the key. NULL, the default, is
 * no list: any origin. An empty list is stored as NULL, so a list always has an entry.
 */
export class AllowedOrigins1764800000000 implements MigrationInterface {
  name = 'AllowedOrigins1764800000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE gw.api_key
        ADD COLUMN allowed_origins text[] NULL,
        ADD CONSTRAINT api_key_allowed_origins_check
          CHECK (cardinality(allowed_origins) BETWEEN 1 AND 20)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE gw.api_key DROP COLUMN allowed_origins');
  }
}
