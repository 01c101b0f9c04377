import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The embedded profile's delivery list: the charges whose settlement is written but
 * whose answer may not have reached its caller yet, rewritten by every group commit. A process
 * killed with such charges on the list refunds them at its next start. One row; the distributed
 * profile never writes it.
 */
export class CreditDelivery1764700000000 implements MigrationInterface {
  name = 'CreditDelivery1764700000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE gw.credit_delivery (
        id          smallint PRIMARY KEY DEFAULT 1 CONSTRAINT credit_delivery_one_row CHECK (id = 1),
        undelivered uuid[] NOT NULL DEFAULT '{}',
        updated_at  timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query('INSERT INTO gw.credit_delivery (id) VALUES (1)');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE gw.credit_delivery');
  }
}
