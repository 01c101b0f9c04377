import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { BatchItemState } from './batch.entities.js';
import {
  JOB_COLUMNS,
  jobColumns,
  jobOf,
  numberOrNull,
  type ItemEnd,
  type JobRow,
  rowsOf,
  type Raw,
  type ResultRow,
  type WorkItem,
} from './batch-rows.js';

/** Rows are inserted this many at a time: one statement each, a few MB of parameters at most. */
const INSERT_CHUNK = 2_000;

/**
 * The job and item rows, each change one statement. An item ends once (`state = 'pending'` in
 * its WHERE) and moves its job's counters in the same statement, so two workers that got the same
 * message, or a cancel racing a worker, can never count or charge an item twice.
 */
@Injectable()
export class BatchStore {
  constructor(private readonly db: DataSource) {}

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

  async workItem(jobId: string, item: number): Promise<WorkItem | null> {
    const rows = await this.rows(
      `SELECT ${jobColumns('j')},
              i.params, i.state AS item_state, i.charge_id, i.attempts, i.charged::text AS item_charged
         FROM gw.batch_item i JOIN gw.batch_job j ON j.id = i.job_id
        WHERE i.job_id = $1 AND i.item = $2`,
      [jobId, item],
    );
    const row = rows[0];
    if (!row) return null;
    return {
      job: jobOf(row),
      item,
      params: row.params as Record<string, unknown>,
      state: row.item_state as BatchItemState,
      chargeId: (row.charge_id as string | null) ?? null,
      attempts: Number(row.attempts),
      charged: numberOrNull(row.item_charged),
    };
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
  async end(jobId: string, item: number, end: ItemEnd): Promise<JobRow | null> {
    const rows = await this.rows(
      `WITH ended AS (
         UPDATE gw.batch_item
            SET state = $3, status = $4, charged = $5, cache = $6, source = $7, answer = $8::jsonb, ended_at = now()
          WHERE job_id = $1 AND item = $2 AND state = 'pending'
         RETURNING state, charged
       )
       UPDATE gw.batch_job
          SET succeeded = succeeded + (SELECT count(*) FROM ended WHERE state = 'succeeded'),
              failed = failed + (SELECT count(*) FROM ended WHERE state = 'failed'),
              charged = charged + (SELECT coalesce(sum(charged), 0) FROM ended),
              touched_at = now()
        WHERE id = $1 AND EXISTS (SELECT 1 FROM ended)
       RETURNING ${JOB_COLUMNS}`,
      [
        jobId,
        item,
        end.state,
        end.status,
        end.charged,
        end.cache,
        end.source,
        JSON.stringify(end.answer ?? null),
      ],
    );
    return rows[0] ? jobOf(rows[0]) : null;
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
