import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The ledger at the embedded profile's speed.
 *
 * A `settle` or `release` row may stand for its reservation too: `reserved` is what was held and
 * `reserved_at` when. The embedded profile keeps reservations in memory and writes only their
 * outcome, one row per charge with `amount` its net change to the balance (−charged). Before,
 * it wrote a `reserve` row after the fact as well, which told nothing the closing row could not
 * and cost PGlite a third of each group commit. The distributed profile keeps its `reserve`
 * rows (its reservations live in the database), with these columns null.
 *
 * The ledger's foreign keys go. Each was a lookup and a row lock per ledger row (in PGlite ~12 µs
 * each, a quarter of a charge's cost), guarding against what cannot happen: accounts and keys
 * are never deleted, and a ledger row is only written for an account and key its writer has in
 * hand (a reservation made against the account's row, a top-up that updates it, the x402 system
 * account the migrations create). The other tables keep theirs.
 */
export class LedgerClosingRows1764900000000 implements MigrationInterface {
  name = 'LedgerClosingRows1764900000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE gw.credit_ledger
        DROP CONSTRAINT credit_ledger_account_id_fkey,
        DROP CONSTRAINT credit_ledger_key_id_fkey,
        ADD COLUMN reserved    bigint NULL,
        ADD COLUMN reserved_at timestamptz NULL,
        ADD CONSTRAINT credit_ledger_reserved_check CHECK ((reserved IS NULL) = (reserved_at IS NULL))`);
  }

  async down(db: QueryRunner): Promise<void> {
    // Back to a reserve row per closing row that stood for its own.
    await db.query(`
      INSERT INTO gw.credit_ledger (account_id, kind, charge_id, request_id, endpoint, amount, charged, key_id, created_at)
      SELECT account_id, 'reserve', charge_id, request_id, endpoint, -reserved, 0, key_id, reserved_at
        FROM gw.credit_ledger WHERE reserved IS NOT NULL`);
    await db.query(`
      UPDATE gw.credit_ledger SET amount = amount + reserved, key_id = NULL WHERE reserved IS NOT NULL`);
    await db.query(`
      ALTER TABLE gw.credit_ledger
        DROP COLUMN reserved,
        DROP COLUMN reserved_at,
        ADD CONSTRAINT credit_ledger_account_id_fkey FOREIGN KEY (account_id) REFERENCES gw.account (id),
        ADD CONSTRAINT credit_ledger_key_id_fkey FOREIGN KEY (key_id) REFERENCES gw.api_key (id)`);
  }
}
