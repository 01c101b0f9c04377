import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Per-key spend caps: an optional daily and monthly cap in hundredths of a credit
 * and an alert percentage (stored for the dashboard, not enforced) on `gw.api_key`.
 *
 * A capped key's spend (held + settled, per UTC day and month) is counted on its own row:
 * `day_spent` and `month_spent` are for the day `spend_day` and its month. The reservation
 * statement locks that row and reads it fresh, which a separate spend table could not give
 * (in READ COMMITTED only the locked row is re-read after waiting for the lock; the rest of the
 * statement keeps its snapshot, so two replicas could both pass the cap). A reservation that
 * was counted remembers its key and day, and so does its ledger `reserve` row (for a refund
 * after the reservation is gone), so what is given back comes off the period it was counted in.
 */
export class SpendCaps1764500000000 implements MigrationInterface {
  name = 'SpendCaps1764500000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE gw.api_key
        ADD COLUMN daily_cap         bigint NULL,
        ADD COLUMN monthly_cap       bigint NULL,
        ADD COLUMN cap_alert_percent smallint NULL,
        ADD COLUMN spend_day         date NULL,
        ADD COLUMN day_spent         bigint NOT NULL DEFAULT 0,
        ADD COLUMN month_spent       bigint NOT NULL DEFAULT 0,
        ADD CONSTRAINT api_key_daily_cap_check CHECK (daily_cap > 0),
        ADD CONSTRAINT api_key_monthly_cap_check CHECK (monthly_cap > 0),
        ADD CONSTRAINT api_key_cap_alert_percent_check CHECK (cap_alert_percent BETWEEN 1 AND 100)`);
    await db.query(`
      ALTER TABLE gw.credit_reservation
        ADD COLUMN key_id    uuid NULL,
        ADD COLUMN spend_day date NULL,
        ADD CONSTRAINT credit_reservation_key_id_fkey FOREIGN KEY (key_id) REFERENCES gw.api_key (id),
        ADD CONSTRAINT credit_reservation_spend_check CHECK ((key_id IS NULL) = (spend_day IS NULL))`);
    await db.query(`
      ALTER TABLE gw.credit_ledger
        ADD COLUMN key_id uuid NULL,
        ADD CONSTRAINT credit_ledger_key_id_fkey FOREIGN KEY (key_id) REFERENCES gw.api_key (id)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE gw.credit_ledger DROP COLUMN key_id');
    await db.query('ALTER TABLE gw.credit_reservation DROP COLUMN key_id, DROP COLUMN spend_day');
    await db.query(`
      ALTER TABLE gw.api_key
        DROP COLUMN daily_cap, DROP COLUMN monthly_cap, DROP COLUMN cap_alert_percent,
        DROP COLUMN spend_day, DROP COLUMN day_spent, DROP COLUMN month_spent`);
  }
}
