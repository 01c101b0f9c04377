import type { BatchItemState, BatchState } from './batch.entities.js';

/** A job row as read (credits in hundredths, as numbers). */
export interface JobRow {
  readonly id: string;
  readonly accountId: string;
  readonly keyId: string;
  readonly capped: boolean;
  readonly sandbox: boolean;
  readonly endpoint: string;
  readonly state: BatchState;
  readonly total: number;
  readonly succeeded: number;
  readonly failed: number;
  readonly cancelled: number;
  readonly reserved: number;
  readonly charged: number;
  readonly webhookUrl: string | null;
  readonly createdAt: Date;
  readonly startedAt: Date | null;
  readonly finishedAt: Date | null;
  readonly expiresAt: Date;
}

/** An item to work on, with what the worker needs of its job. */
export interface WorkItem {
  readonly job: JobRow;
  readonly item: number;
  readonly params: Record<string, unknown>;
  readonly state: BatchItemState;
  readonly chargeId: string | null;
  readonly attempts: number;
  readonly charged: number | null;
}

/** How an item ended. */
export interface ItemEnd {
  readonly state: 'succeeded' | 'failed';
  readonly status: number;
  readonly charged: number;
  readonly cache: string | null;
  readonly source: string | null;
  readonly answer: unknown;
}

/** An item as the results list it. */
export interface ResultRow {
  readonly item: number;
  readonly params: Record<string, unknown>;
  readonly state: BatchItemState;
  readonly status: number | null;
  readonly charged: number | null;
  readonly cache: string | null;
  readonly source: string | null;
  readonly answer: unknown;
}

const JOB_FIELDS = [
  'id',
  'account_id',
  'key_id',
  'capped',
  'sandbox',
  'endpoint',
  'state',
  'total',
  'succeeded',
  'failed',
  'cancelled',
  'reserved::text',
  'charged::text',
  'webhook_url',
  'created_at',
  'started_at',
  'finished_at',
  'expires_at',
];

/** The columns {@link jobOf} reads, of the job table under `alias` when the query joins. */
export const jobColumns = (alias?: string) =>
  JOB_FIELDS.map((field) => (alias ? `${alias}.${field}` : field)).join(', ');

export const JOB_COLUMNS = jobColumns();

export type Raw = Record<string, unknown>;

export function jobOf(row: Raw): JobRow {
  return {
    id: row.id as string,
    accountId: row.account_id as string,
    keyId: row.key_id as string,
    capped: row.capped as boolean,
    sandbox: row.sandbox as boolean,
    endpoint: row.endpoint as string,
    state: row.state as BatchState,
    total: Number(row.total),
    succeeded: Number(row.succeeded),
    failed: Number(row.failed),
    cancelled: Number(row.cancelled),
    reserved: Number(row.reserved),
    charged: Number(row.charged),
    webhookUrl: (row.webhook_url as string | null) ?? null,
    createdAt: new Date(row.created_at as string),
    startedAt: row.started_at ? new Date(row.started_at as string) : null,
    finishedAt: row.finished_at ? new Date(row.finished_at as string) : null,
    expiresAt: new Date(row.expires_at as string),
  };
}

export const numberOrNull = (value: unknown) =>
  value === null || value === undefined ? null : Number(value);

/**
 * The rows of a query: TypeORM answers an UPDATE or DELETE … RETURNING on Postgres as
 * `[rows, affected]` and a SELECT as the rows.
 */
export function rowsOf(result: unknown): Raw[] {
  if (
    Array.isArray(result) &&
    result.length === 2 &&
    Array.isArray(result[0]) &&
    typeof result[1] === 'number'
  )
    return result[0] as Raw[];
  return result as Raw[];
}
