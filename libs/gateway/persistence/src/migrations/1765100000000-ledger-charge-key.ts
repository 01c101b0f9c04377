import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The ledger's primary key becomes (charge_id, kind), the key every statement finds a row by,
 * and its `bigserial` id goes. No statement read the id: a charge is looked up by its
 * charge id, usage comes from `usage_daily`, balances from `account`. Yet each row paid for it
 * with a sequence step and a second b-tree insert: in the embedded profile's group commits that
 * was ~9% of what a paid call cost the machine (interleaved A/B, `npm run bench:pair`). Rows
 * keep their order in `created_at` (and, in the embedded profile, in their UUIDv7 charge ids).
 */
export class LedgerChargeKey1765100000000 implements MigrationInterface {
  name = 'LedgerChargeKey1765100000000';

  async up(db: QueryRunner): Promise<void> {
    // Dropping the column drops its primary key and its sequence with it.
    await db.query(`
      ALTER TABLE gw.credit_ledger
        DROP COLUMN id,
        DROP CONSTRAINT credit_ledger_charge_id_kind_key,
        ADD CONSTRAINT credit_ledger_pkey PRIMARY KEY (charge_id, kind)`);
  }

  async down(db: QueryRunner): Promise<void> {
    // Ids are handed out in the rows' physical order, which is close to the order they came in.
    await db.query(`
      ALTER TABLE gw.credit_ledger
        DROP CONSTRAINT credit_ledger_pkey,
        ADD CONSTRAINT credit_ledger_charge_id_kind_key UNIQUE (charge_id, kind),
        ADD COLUMN id bigserial PRIMARY KEY`);
  }
}
