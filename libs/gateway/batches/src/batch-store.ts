import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { BatchItemState } from './batch.entities.js';
import { endItems, type EndOf, readItems } from './batch-item-rows.js';
import { Gathered } from './gathered.js';
import {
  JOB_COLUMNS,
  jobOf,
  numberOrNull,
  type ItemEnd,
  type JobRow,
  rowsOf,
  type Raw,
  type ResultRow,
  type WorkItem,
} from './batch-rows.js';

/**
 * The workers' reads and ends of a job's items, gathered for this long (or this many) into one
 * statement each. Every item waits on an upstream call far longer than this, and a statement
 * costs the embedded database about the same for one item as for fifty.
 */
const GATHER = { ms: 15, max: 50 };

/** Rows are inserted this many at a time: one statement each, a few MB of parameters at most. */
const INSERT_CHUNK = 2_000;

/**
 * The job and item rows, each change one statement. An item ends once (`state = 'pending'` in
 * its WHERE) and moves its job's counters in the same statement, so two workers that got the same
 * message, or a cancel racing a worker, can never count or charge an item twice.
 */
@Injectable()
export class BatchStore {
  /** Items read together (see {@link GATHER}). */
  private readonly reads: Gathered<number, WorkItem | null>;
  /** Items ended together. */
  private readonly ends: Gathered<EndOf, JobRow | null>;

  constructor(private readonly db: DataSource) {
    this.reads = new Gathered((job, items) => readItems(db, job, items), GATHER.ms, GATHER.max);
    this.ends = new Gathered((job, ends) => endItems(db, job, ends), GATHER.ms, GATHER.max);
  }

  private async rows(sql: string, params: unknown[]): Promise<Raw[]> {
    return rowsOf(await this.db.query(sql, params));
  }

  /** The job and its items (each with the reservation that holds its price, if any). */
  async create(
    job: Pick<
      JobRow,
      | 'id'
      | 'accountId'
      | 'keyId'
      | 'capped'
      | 'sandbox'
      | 'endpoint'
      | 'total'
      | 'reserved'
      | 'webhookUrl'
      | 'expiresAt'
    >,
    items: readonly Record<string, unknown>[],
    chargeIds: readonly (string | null)[],
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO gw.batch_job (id, account_id, key_id, capped, sandbox, endpoint, state, total, reserved, webhook_url, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, 'queued', $7, $8, $9, $10)`,
        [
          job.id,
          job.accountId,
          job.keyId,
          job.capped,
          job.sandbox,
          job.endpoint,
          job.total,
          job.reserved,
          job.webhookUrl,
          job.expiresAt.toISOString(),
        ],
      );
      for (let start = 0; start < items.length; start += INSERT_CHUNK) {
        const end = Math.min(items.length, start + INSERT_CHUNK);
        await tx.query(
          `INSERT INTO gw.batch_item (job_id, item, params, charge_id)
           SELECT $1, $2::int + t.ord::int, t.value, ($4::uuid[])[t.ord]
             FROM jsonb_array_elements($3::jsonb) WITH ORDINALITY AS t(value, ord)`,
          [job.id, start, JSON.stringify(items.slice(start, end)), chargeIds.slice(start, end)],
        );
      }
    });
  }

  async job(id: string, accountId?: string): Promise<JobRow | null> {
    const rows = await this.rows(
      `SELECT ${JOB_COLUMNS} FROM gw.batch_job WHERE id = $1 AND ($2::uuid IS NULL OR account_id = $2)`,
      [id, accountId ?? null],
    );
    return rows[0] ? jobOf(rows[0]) : null;
  }

  /** An account's jobs, newest first, `limit` of them created before `before` (if given). */
  async list(accountId: string, limit: number, before?: Date): Promise<JobRow[]> {
    const rows = await this.rows(
      `SELECT ${JOB_COLUMNS} FROM gw.batch_job
        WHERE account_id = $1 AND ($2::timestamptz IS NULL OR created_at < $2)
        ORDER BY created_at DESC, id DESC LIMIT $3`,
      [accountId, before?.toISOString() ?? null, limit],
    );
    return rows.map(jobOf);
  }

  /** An item to work on, with its job; null when it is gone (with its job). */
  workItem(jobId: string, item: number): Promise<WorkItem | null> {
    return this.reads.ask(jobId, item);
  }

  /** The first item of a job taken up: the job is running from now. */
  async started(jobId: string): Promise<void> {
    await this.db.query(
      `UPDATE gw.batch_job SET state = 'running', started_at = now() WHERE id = $1 AND state = 'queued'`,
      [jobId],
    );
  }

  /** An item met a passing failure and is tried again later; how many attempts it has had. */
  async putBack(jobId: string, item: number): Promise<void> {
    await this.db.query(
      `WITH item AS (
         UPDATE gw.batch_item SET attempts = attempts + 1 WHERE job_id = $1 AND item = $2 AND state = 'pending'
       )
       UPDATE gw.batch_job SET touched_at = now() WHERE id = $1`,
      [jobId, item],
    );
  }

  /**
   * Ends a pending item and counts it on its job; null when it was no longer pending (another
   * worker ended it, or the job was cancelled): then nothing was written.
   */
  end(jobId: string, item: number, end: ItemEnd): Promise<JobRow | null> {
    return this.ends.ask(jobId, { item, end });
  }

  /** What an ended item was charged is corrected (its charge could not be written after all). */
  async recharged(jobId: string, item: number, charged: number): Promise<void> {
    await this.db.query(
      `WITH was AS (
         SELECT charged FROM gw.batch_item WHERE job_id = $1 AND item = $2 AND state <> 'pending'
       ), item AS (
         UPDATE gw.batch_item SET charged = $3 WHERE job_id = $1 AND item = $2 AND state <> 'pending'
       )
       UPDATE gw.batch_job SET charged = charged - (SELECT coalesce(sum(charged), 0) FROM was) + $3
        WHERE id = $1 AND EXISTS (SELECT 1 FROM was)`,
      [jobId, item, charged],
    );
  }

  /** Ends a job whose items have all ended; the job if this call ended it, else null. */
  async finish(jobId: string): Promise<JobRow | null> {
    const rows = await this.rows(
      `UPDATE gw.batch_job
          SET state = CASE WHEN succeeded > 0 THEN 'completed' ELSE 'failed' END, finished_at = now()
        WHERE id = $1 AND state IN ('queued', 'running') AND succeeded + failed + cancelled = total
       RETURNING ${JOB_COLUMNS}`,
      [jobId],
    );
    return rows[0] ? jobOf(rows[0]) : null;
  }

  /**
   * Cancels a job of the account that has not ended: its pending items are cancelled in the same
   * statement. The reservations of those items (to release), or null when there was no such job.
   */
  async cancel(jobId: string, accountId: string): Promise<string[] | null> {
    // Items first, then the job, as a worker ending an item locks them: never the other way round.
    return this.db.transaction(async (tx) => {
      const items = rowsOf(
        await tx.query(
          `UPDATE gw.batch_item SET state = 'cancelled', ended_at = now()
            WHERE job_id = $1 AND state = 'pending'
              AND EXISTS (SELECT 1 FROM gw.batch_job
                           WHERE id = $1 AND account_id = $2 AND state IN ('queued', 'running'))
           RETURNING charge_id::text AS charge_id`,
          [jobId, accountId],
        ),
      );
      const job = rowsOf(
        await tx.query(
          `UPDATE gw.batch_job SET state = 'cancelled', finished_at = now(), cancelled = cancelled + $3
            WHERE id = $1 AND account_id = $2 AND state IN ('queued', 'running')
           RETURNING id`,
          [jobId, accountId, items.length],
        ),
      );
      if (job.length === 0) return null;
      return items.flatMap((row) => (row.charge_id ? [row.charge_id as string] : []));
    });
  }

  /** A page of a job's items after item `after`, in order. */
  async results(jobId: string, after: number, limit: number): Promise<ResultRow[]> {
    const rows = await this.rows(
      `SELECT item, params, state, status, charged::text AS charged, cache, source, answer
         FROM gw.batch_item WHERE job_id = $1 AND item > $2 ORDER BY item LIMIT $3`,
      [jobId, after, limit],
    );
    return rows.map((row) => ({
      item: Number(row.item),
      params: row.params as Record<string, unknown>,
      state: row.state as BatchItemState,
      status: numberOrNull(row.status),
      charged: numberOrNull(row.charged),
      cache: (row.cache as string | null) ?? null,
      source: (row.source as string | null) ?? null,
      answer: row.answer,
    }));
  }
}
