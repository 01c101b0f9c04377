import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { BATCH_REQUEST_PREFIX } from '@nl/gateway-ledger';
import { rowsOf, type Raw } from './batch-rows.js';

/** A pending item and the reservation that holds its price (null: a test key's, none). */
export interface PendingItem {
  readonly jobId: string;
  readonly item: number;
  readonly chargeId: string | null;
  readonly accountId: string;
  readonly keyId: string | null;
  readonly endpoint: string;
}

/**
 * The statements that keep jobs moving and the tables small: what is still to do (after a
 * restart, or of a job that went quiet), expired jobs, and reservations no pending item holds.
 */
@Injectable()
export class BatchUpkeepStore {
  constructor(private readonly db: DataSource) {}

  private async rows(sql: string, params: unknown[]): Promise<Raw[]> {
    return rowsOf(await this.db.query(sql, params));
  }

  /**
   * Pending items of jobs that have not ended, oldest job first: all of them (`quietMs` unset),
   * or those of jobs no item of which ended or was put back for `quietMs`.
   */
  async pending(quietMs?: number): Promise<PendingItem[]> {
    const rows = await this.rows(
      `SELECT i.job_id, i.item, i.charge_id, j.account_id, CASE WHEN j.capped THEN j.key_id END AS key_id, j.endpoint
         FROM gw.batch_item i JOIN gw.batch_job j ON j.id = i.job_id
        WHERE i.state = 'pending' AND j.state IN ('queued', 'running')
          AND ($1::float8 IS NULL OR j.touched_at < now() - make_interval(secs => $1::float8 / 1000))
        ORDER BY j.created_at, i.job_id, i.item`,
      [quietMs ?? null],
    );
    return rows.map((row) => ({
      jobId: row.job_id as string,
      item: Number(row.item),
      chargeId: (row.charge_id as string | null) ?? null,
      accountId: row.account_id as string,
      keyId: (row.key_id as string | null) ?? null,
      endpoint: row.endpoint as string,
    }));
  }

  /** The jobs of `quietMs` ago are touched now, so they are queued again once, not every round. */
  async touch(jobIds: readonly string[]): Promise<void> {
    if (jobIds.length)
      await this.db.query('UPDATE gw.batch_job SET touched_at = now() WHERE id = ANY($1::text[])', [
        jobIds,
      ]);
  }

  /** New reservations of pending items (theirs were lost with the process that held them). */
  async reheld(
    jobId: string,
    items: readonly number[],
    chargeIds: readonly string[],
  ): Promise<void> {
    await this.db.query(
      `UPDATE gw.batch_item i SET charge_id = t.charge_id
         FROM unnest($2::int[], $3::uuid[]) AS t(item, charge_id)
        WHERE i.job_id = $1 AND i.item = t.item AND i.state = 'pending'`,
      [jobId, items, chargeIds],
    );
  }

  /** The reservations of the pending items of expired jobs, which are then deleted. */
  async expired(): Promise<{ jobs: number; charges: string[] }> {
    return this.db.transaction(async (tx) => {
      const held = rowsOf(
        await tx.query(
          `SELECT i.charge_id::text AS charge_id FROM gw.batch_item i JOIN gw.batch_job j ON j.id = i.job_id
          WHERE j.expires_at < now() AND i.state = 'pending' AND i.charge_id IS NOT NULL`,
        ),
      );
      const deleted = rowsOf(
        await tx.query('DELETE FROM gw.batch_job WHERE expires_at < now() RETURNING id'),
      );
      return { jobs: deleted.length, charges: held.map((r) => r.charge_id as string) };
    });
  }

  /**
   * Reservations made for batch items (request id `bat-…`) that no pending item holds, older than
   * `olderThanMs`: left by a process that died between reserving and storing its job, or ending an
   * item and closing its charge. Only the Postgres ledger keeps reservations in a table.
   */
  async strayReservations(olderThanMs: number): Promise<string[]> {
    const rows = await this.rows(
      `SELECT r.charge_id::text AS charge_id FROM gw.credit_reservation r
        WHERE r.request_id LIKE $1 || '%' AND r.created_at < now() - make_interval(secs => $2::float8 / 1000)
          AND NOT EXISTS (SELECT 1 FROM gw.batch_item i WHERE i.charge_id = r.charge_id AND i.state = 'pending')`,
      [BATCH_REQUEST_PREFIX, olderThanMs],
    );
    return rows.map((r) => r.charge_id as string);
  }
}
