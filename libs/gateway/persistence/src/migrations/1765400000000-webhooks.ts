import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Account webhooks: one endpoint per account (its URL and signing secret, with the previous
 * secret kept valid for a while after a rotation) and the outbox of deliveries. A delivery is a
 * row from the moment its event is raised, so a restart loses none; the dispatcher claims due
 * rows with `FOR UPDATE SKIP LOCKED`, so replicas never send the same attempt twice. The
 * `(state, next_attempt_at)` index is that claim's; `(account_id, created_at)` is the log's.
 */
export class Webhooks1765400000000 implements MigrationInterface {
  name = 'Webhooks1765400000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE gw.webhook_endpoint (
        account_id      uuid PRIMARY KEY REFERENCES gw.account (id),
        url             text NULL,
        secret          text NOT NULL,
        previous_secret text NULL,
        previous_until  timestamptz NULL,
        updated_at      timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`
      CREATE TABLE gw.webhook_delivery (
        id               text PRIMARY KEY,
        account_id       uuid NOT NULL REFERENCES gw.account (id),
        event_type       text NOT NULL,
        url              text NOT NULL,
        payload          jsonb NOT NULL,
        state            text NOT NULL DEFAULT 'pending',
        attempts         int NOT NULL DEFAULT 0,
        attempt_log      jsonb NOT NULL DEFAULT '[]',
        first_attempt_at timestamptz NULL,
        next_attempt_at  timestamptz NULL,
        last_status      int NULL,
        last_outcome     text NULL,
        last_error       text NULL,
        created_at       timestamptz NOT NULL DEFAULT now(),
        updated_at       timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT webhook_delivery_state_check CHECK (state IN ('pending', 'delivered', 'failed'))
      )`);
    await db.query(
      'CREATE INDEX webhook_delivery_due_idx ON gw.webhook_delivery (state, next_attempt_at)',
    );
    await db.query(
      'CREATE INDEX webhook_delivery_account_idx ON gw.webhook_delivery (account_id, created_at DESC)',
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE gw.webhook_delivery');
    await db.query('DROP TABLE gw.webhook_endpoint');
  }
}
