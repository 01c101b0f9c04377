import { Check, Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** Where a job is: waiting for its first item, under way, or ended in one of three ways. */
export type BatchState = 'queued' | 'running' | 'completed' | 'failed' | 'cancelled';

/** Where an item is: waiting (or being worked on), answered (2xx), failed, or cancelled. */
export type BatchItemState = 'pending' | 'succeeded' | 'failed' | 'cancelled';

/**
 * One batch job: a list of calls of one catalog endpoint made for an account by its key, on the
 * job queue. The counters move with each item as it ends, in the same statement (BatchStore), so
 * `succeeded + failed + cancelled = total` once the job has ended. Credits in hundredths.
 */
@Entity({ schema: 'gw', name: 'batch_job' })
@Index('batch_job_account_idx', ['accountId', 'createdAt'])
@Index('batch_job_expiry_idx', ['expiresAt'])
@Check(
  'batch_job_state_check',
  `state IN ('queued', 'running', 'completed', 'failed', 'cancelled')`,
)
export class BatchJobEntity {
  @PrimaryColumn('text')
  id!: string;

  @Column('uuid', { name: 'account_id' })
  accountId!: string;

  @Column('uuid', { name: 'key_id' })
  keyId!: string;

  /** The key has spend caps: its items' reservations count against them. */
  @Column('boolean', { default: false })
  capped!: boolean;

  /** A test key's job: recorded data, never charged. */
  @Column('boolean', { default: false })
  sandbox!: boolean;

  /** The catalog id of the endpoint every item calls. */
  @Column('text')
  endpoint!: string;

  @Column('text')
  state!: BatchState;

  @Column('integer')
  total!: number;

  @Column('integer', { default: 0 })
  succeeded!: number;

  @Column('integer', { default: 0 })
  failed!: number;

  @Column('integer', { default: 0 })
  cancelled!: number;

  /** What the items reserved when the job was taken: each item's fresh price. */
  @Column('bigint', { default: 0 })
  reserved!: string;

  /** What the items that ended were charged. */
  @Column('bigint', { default: 0 })
  charged!: string;

  @Column('text', { name: 'webhook_url', nullable: true })
  webhookUrl!: string | null;

  @Column('timestamptz', { name: 'created_at', default: () => 'now()' })
  createdAt!: Date;

  @Column('timestamptz', { name: 'started_at', nullable: true })
  startedAt!: Date | null;

  @Column('timestamptz', { name: 'finished_at', nullable: true })
  finishedAt!: Date | null;

  /** When an item of the job last ended or was put back: a job quiet for long is queued again. */
  @Column('timestamptz', { name: 'touched_at', default: () => 'now()' })
  touchedAt!: Date;

  /** When the job and its results are deleted. */
  @Column('timestamptz', { name: 'expires_at' })
  expiresAt!: Date;
}

/**
 * One item of a job: its parameters, the reservation that holds its fresh price (none for a test
 * key), and once it ended its HTTP status, what it was charged and its answer (the data, or the
 * error body a single call would have got). Items are numbered from 1 in the order sent.
 */
@Entity({ schema: 'gw', name: 'batch_item' })
@Index('batch_item_pending_idx', ['jobId', 'item'], { where: `state = 'pending'` })
@Index('batch_item_charge_idx', ['chargeId'])
@Check('batch_item_state_check', `state IN ('pending', 'succeeded', 'failed', 'cancelled')`)
export class BatchItemEntity {
  @PrimaryColumn('text', { name: 'job_id' })
  jobId!: string;

  @PrimaryColumn('integer')
  item!: number;

  @Column('jsonb')
  params!: Record<string, unknown>;

  @Column('text', { default: 'pending' })
  state!: BatchItemState;

  @Column('uuid', { name: 'charge_id', nullable: true })
  chargeId!: string | null;

  /** Attempts that met a passing failure of the source (retried after a wait). */
  @Column('integer', { default: 0 })
  attempts!: number;

  @Column('integer', { nullable: true })
  status!: number | null;

  @Column('bigint', { nullable: true })
  charged!: string | null;

  /** HIT, MISS or STALE, as the single call's X-Cache. */
  @Column('text', { nullable: true })
  cache!: string | null;

  @Column('text', { nullable: true })
  source!: string | null;

  @Column('jsonb', { nullable: true })
  answer!: unknown;

  @Column('timestamptz', { name: 'ended_at', nullable: true })
  endedAt!: Date | null;
}

export const BATCH_ENTITIES = [BatchJobEntity, BatchItemEntity];
