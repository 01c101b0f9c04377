import { ApiProperty } from '@nestjs/swagger';
import { toCredits } from '@nl/contracts-core';
import type { BatchState } from './batch.entities.js';
import type { JobRow } from './batch-rows.js';

export class BatchItemCounts {
  @ApiProperty({ example: 1000 }) total!: number;
  @ApiProperty({ example: 990, description: 'Answered (2xx) and charged.' }) succeeded!: number;
  @ApiProperty({ example: 10, description: 'Ended with an error; not charged.' }) failed!: number;
  @ApiProperty({ example: 0, description: 'Not worked on because the job was cancelled.' })
  cancelled!: number;
  @ApiProperty({ example: 0, description: 'Still to be worked on.' }) pending!: number;
}

export class BatchCredits {
  @ApiProperty({
    example: 1000,
    description: 'Reserved when the job was taken: every item at the fresh price.',
  })
  reserved!: number;
  @ApiProperty({
    example: 0,
    description: 'Still held for the pending items; released as they end.',
  })
  held!: number;
  @ApiProperty({ example: 987.5, description: 'Charged so far, the sum of the items’ charges.' })
  charged!: number;
}

export class BatchJobView {
  @ApiProperty({ example: 'bat-3f9c2a61d4e84b0c9a7e5d21' }) id!: string;
  @ApiProperty({ example: 'validation.vat.check', description: 'The catalog id every item calls.' })
  endpoint!: string;
  @ApiProperty({
    enum: ['queued', 'running', 'completed', 'failed', 'cancelled'],
    description: 'completed: every item ended and at least one was answered; failed: none was.',
  })
  state!: BatchState;
  @ApiProperty({ description: 'A test key’s job: recorded data, free.' }) sandbox!: boolean;
  @ApiProperty({ type: BatchItemCounts }) items!: BatchItemCounts;
  @ApiProperty({ type: BatchCredits }) credits!: BatchCredits;
  @ApiProperty({
    nullable: true,
    type: Number,
    example: 42,
    description:
      'Seconds until the last item is expected to end, from the pace so far; null before the first item or once ended.',
  })
  eta_seconds!: number | null;
  @ApiProperty({ example: '/v1/batches/bat-3f9c2a61d4e84b0c9a7e5d21/results' })
  results_url!: string;
  @ApiProperty({ nullable: true, type: String }) webhook_url!: string | null;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) started_at!: string | null;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) finished_at!: string | null;
  @ApiProperty({ format: 'date-time', description: 'When the job and its results are deleted.' })
  expires_at!: string;
}

export class BatchListView {
  @ApiProperty({ type: [BatchJobView] }) batches!: BatchJobView[];
  @ApiProperty({
    nullable: true,
    type: String,
    description: 'Pass as `before` for the next (older) page; null on the last.',
  })
  next_before!: string | null;
}

/** Seconds left at the pace so far, or null when there is no pace yet (or nothing left). */
function etaOf(job: JobRow, pending: number, now: number): number | null {
  const ended = job.succeeded + job.failed;
  if (!job.startedAt || ended === 0 || pending === 0 || job.finishedAt) return null;
  const perItem = (now - job.startedAt.getTime()) / ended;
  return Math.ceil((perItem * pending) / 1000);
}

/** A job as the API shows it. */
export function jobView(job: JobRow, pricePerItem = 0, now = Date.now()): BatchJobView {
  const pending = job.total - job.succeeded - job.failed - job.cancelled;
  const open = job.state === 'queued' || job.state === 'running';
  return {
    id: job.id,
    endpoint: job.endpoint,
    state: job.state,
    sandbox: job.sandbox,
    items: {
      total: job.total,
      succeeded: job.succeeded,
      failed: job.failed,
      cancelled: job.cancelled,
      pending,
    },
    credits: {
      reserved: toCredits(job.reserved),
      held: toCredits(open && !job.sandbox ? pending * pricePerItem : 0),
      charged: toCredits(job.charged),
    },
    eta_seconds: etaOf(job, pending, now),
    results_url: `/v1/batches/${job.id}/results`,
    webhook_url: job.webhookUrl,
    created_at: job.createdAt.toISOString(),
    started_at: job.startedAt?.toISOString() ?? null,
    finished_at: job.finishedAt?.toISOString() ?? null,
    expires_at: job.expiresAt.toISOString(),
  };
}
