import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The validation schema: the last definitive VIES answer per VAT number. */
export class ValidationInit1764000000000 implements MigrationInterface {
  name = 'ValidationInit1764000000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query('CREATE SCHEMA IF NOT EXISTS validation');
    await db.query(`
      CREATE TABLE validation.vat_answer (
        vat_number  text PRIMARY KEY,
        response    jsonb NOT NULL,
        checked_at  timestamptz NOT NULL
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP SCHEMA validation CASCADE');
  }
}
