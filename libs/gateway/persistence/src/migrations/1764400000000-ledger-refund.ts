import type { MigrationInterface, QueryRunner } from 'typeorm';

const KINDS_BEFORE = `'topup', 'reserve', 'settle', 'release', 'x402'`;

/**
 * Ledger kind `refund`: a settlement undone because its caller was told it was not charged
 * (the database went away while the settlement's answer was on its way; DoubtfulCharges).
 */
export class LedgerRefund1764400000000 implements MigrationInterface {
  name = 'LedgerRefund1764400000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE gw.credit_ledger DROP CONSTRAINT credit_ledger_kind_check');
    await db.query(`
      ALTER TABLE gw.credit_ledger ADD CONSTRAINT credit_ledger_kind_check
        CHECK (kind IN (${KINDS_BEFORE}, 'refund'))`);
  }

  async down(db: QueryRunner): Promise<void> {
    // The ledger is append-only: a refund that happened cannot be taken back by a downgrade.
    const [row] = (await db.query(
      `SELECT count(*)::int AS n FROM gw.credit_ledger WHERE kind = 'refund'`,
    )) as { n: number }[];
    if (row?.n)
      throw new Error(
        `The ledger holds ${row.n} refund rows; a version without refunds cannot read it.`,
      );
    await db.query('ALTER TABLE gw.credit_ledger DROP CONSTRAINT credit_ledger_kind_check');
    await db.query(`
      ALTER TABLE gw.credit_ledger ADD CONSTRAINT credit_ledger_kind_check
        CHECK (kind IN (${KINDS_BEFORE}))`);
  }
}
