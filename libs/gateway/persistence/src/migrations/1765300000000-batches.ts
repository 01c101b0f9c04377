import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Batch jobs and their items (libs/gateway/batches). An item row is the durable state of one
 * call of a job: the queue only says which item to work on next, so a message delivered twice,
 * or lost and sent again, changes nothing an item row does not allow. Items go with their job.
 */
export class Batches1765300000000 implements MigrationInterface {
  name = 'Batches1765300000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE gw.batch_job (
        id text NOT NULL,
        account_id uuid NOT NULL,
        key_id uuid NOT NULL,
        capped boolean NOT NULL DEFAULT false,
        sandbox boolean NOT NULL DEFAULT false,
        endpoint text NOT NULL,
        state text NOT NULL,
        total integer NOT NULL,
        succeeded integer NOT NULL DEFAULT 0,
        failed integer NOT NULL DEFAULT 0,
        cancelled integer NOT NULL DEFAULT 0,
        reserved bigint NOT NULL DEFAULT 0,
        charged bigint NOT NULL DEFAULT 0,
        webhook_url text NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        started_at timestamptz NULL,
        finished_at timestamptz NULL,
        expires_at timestamptz NOT NULL,
        touched_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "PK_batch_job" PRIMARY KEY (id),
        CONSTRAINT batch_job_state_check
          CHECK (state IN ('queued', 'running', 'completed', 'failed', 'cancelled'))
      )`);
    await db.query('CREATE INDEX batch_job_account_idx ON gw.batch_job (account_id, created_at)');
    await db.query('CREATE INDEX batch_job_expiry_idx ON gw.batch_job (expires_at)');
    await db.query(`
      CREATE TABLE gw.batch_item (
        job_id text NOT NULL,
        item integer NOT NULL,
        params jsonb NOT NULL,
        state text NOT NULL DEFAULT 'pending',
        charge_id uuid NULL,
        attempts integer NOT NULL DEFAULT 0,
        status integer NULL,
        charged bigint NULL,
        cache text NULL,
        source text NULL,
        answer jsonb NULL,
        ended_at timestamptz NULL,
        CONSTRAINT "PK_batch_item" PRIMARY KEY (job_id, item),
        CONSTRAINT batch_item_job_fkey FOREIGN KEY (job_id) REFERENCES gw.batch_job (id) ON DELETE CASCADE,
        CONSTRAINT batch_item_state_check
          CHECK (state IN ('pending', 'succeeded', 'failed', 'cancelled'))
      )`);
    await db.query(
      `CREATE INDEX batch_item_pending_idx ON gw.batch_item (job_id, item) WHERE state = 'pending'`,
    );
    await db.query('CREATE INDEX batch_item_charge_idx ON gw.batch_item (charge_id)');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE gw.batch_item');
    await db.query('DROP TABLE gw.batch_job');
  }
}
