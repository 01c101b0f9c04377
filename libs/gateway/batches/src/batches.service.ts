import { Inject, Injectable, Optional } from '@nestjs/common';
import { AccountsService, type KeyOwner } from '@nl/gateway-access';
import { insufficientCredits, spendCapReached } from '@nl/gateway-ledger';
import { InjectConfig } from '@nl/platform-config';
import { DomainError } from '@nl/platform-errors';
import { LOGGER, type Logger } from '@nl/platform-logging';
import { randomBytes } from 'node:crypto';
import { BatchCatalog } from './batch-catalog.js';
import { BatchCharges } from './batch-charges.js';
import { BATCH_QUEUE, type BatchQueue } from './batch-queue.js';
import type { JobRow } from './batch-rows.js';
import { BatchStore } from './batch-store.js';
import { checkJob } from './batch-terms.js';
import type { BatchUpload } from './batch-upload.js';
import { jobView, type BatchJobView, type BatchListView } from './batch-views.js';
import { BatchWebhookUrls } from './batch-webhook-urls.js';
import { BATCH_CONFIG, type BatchSettings } from './batches.config.js';
import { BATCH_REQUEST_PREFIX } from '@nl/gateway-ledger';

/** A job id: the batch prefix and 24 hex digits (it is also the start of its items' request ids). */
const newJobId = () => `${BATCH_REQUEST_PREFIX}${randomBytes(12).toString('hex')}`;

/** What a job id looks like; anything else is refused before the database is asked. */
export const JOB_ID_PATTERN = /^bat-[0-9a-f]{24}$/;

/**
 * Taking, showing and cancelling jobs. A job is checked whole before anything is reserved or
 * stored (its endpoint, the tier, every item, the webhook URL), then every item's fresh price is
 * reserved (all or none: 402), then the job is stored and its tasks queued (503 if the queue is
 * away, and then nothing stays reserved).
 */
@Injectable()
export class BatchesService {
  constructor(
    private readonly store: BatchStore,
    private readonly charges: BatchCharges,
    private readonly accounts: AccountsService,
    private readonly webhookUrls: BatchWebhookUrls,
    @Inject(BATCH_QUEUE) private readonly queue: BatchQueue,
    @InjectConfig(BATCH_CONFIG) private readonly settings: BatchSettings,
    private readonly catalog: BatchCatalog,
    @Optional() @Inject(LOGGER) private readonly logger?: Logger,
  ) {}

  async submit(owner: KeyOwner, upload: BatchUpload): Promise<BatchJobView> {
    if (owner.payer)
      throw new DomainError(
        'forbidden',
        'Batch jobs are paid from an account’s credits: call with an API key.',
      );
    const { endpoint, items } = checkJob(this.catalog.endpoints, owner, upload);
    const webhookUrl = await this.webhookUrls.check(upload.webhookUrl);
    const id = newJobId();
    const numbers = items.map((_, index) => index + 1);
    let chargeIds: (string | null)[] = numbers.map(() => null);
    if (!owner.sandbox) {
      const held = await this.charges.hold(
        {
          jobId: id,
          accountId: owner.accountId,
          keyId: owner.capped ? owner.keyId : undefined,
          endpoint,
        },
        numbers,
      );
      if (!held.ok) {
        const total = endpoint.price.fresh * items.length;
        if (held.refusal.reason === 'spend_cap')
          throw spendCapReached(held.refusal.capReached, total);
        throw insufficientCredits(total, await this.accounts.balance(owner.accountId));
      }
      chargeIds = held.chargeIds;
    }
    const job = {
      id,
      accountId: owner.accountId,
      keyId: owner.keyId,
      capped: owner.capped === true,
      sandbox: owner.sandbox,
      endpoint: endpoint.id,
      total: items.length,
      reserved: owner.sandbox ? 0 : endpoint.price.fresh * items.length,
      webhookUrl,
      expiresAt: new Date(Date.now() + this.settings.retentionMs),
    };
    try {
      await this.store.create(job, items, chargeIds);
    } catch (error) {
      await this.charges.releaseAll(chargeIds.filter((c): c is string => c !== null));
      throw error;
    }
    try {
      await this.queue.add(numbers.map((item) => ({ job: id, item })));
    } catch (error) {
      this.logger?.error({ err: error, job: id }, 'the tasks of a batch job could not be queued');
      const held = await this.store.cancel(id, owner.accountId);
      await this.charges.releaseAll(held ?? []);
      throw new DomainError(
        'transport_unavailable',
        'The job queue is not reachable; nothing was charged. Try again shortly.',
        {
          retryAfterSeconds: 5,
        },
      );
    }
    return this.view(await this.reread(id));
  }

  async status(owner: KeyOwner, id: string): Promise<BatchJobView> {
    return this.view(await this.owned(owner, id));
  }

  async list(owner: KeyOwner, limit: number, before?: Date): Promise<BatchListView> {
    const jobs = await this.store.list(owner.accountId, limit + 1, before);
    const page = jobs.slice(0, limit);
    return {
      batches: page.map((job) => this.view(job)),
      next_before: jobs.length > limit ? page[page.length - 1].createdAt.toISOString() : null,
    };
  }

  /** Cancels a job that has not ended: its pending items are not worked on and not charged. */
  async cancel(owner: KeyOwner, id: string): Promise<BatchJobView> {
    const job = await this.owned(owner, id);
    const held = await this.store.cancel(job.id, owner.accountId);
    if (held) await this.charges.releaseAll(held);
    return this.view(await this.reread(job.id));
  }

  /** The account's job, or 404 (another account's job is not found either). */
  async owned(owner: KeyOwner, id: string): Promise<JobRow> {
    if (!JOB_ID_PATTERN.test(id))
      throw DomainError.validation([
        { field: 'id', message: 'id must be a job id: bat- and 24 hex digits' },
      ]);
    const job = await this.store.job(id, owner.accountId);
    if (!job) throw new DomainError('not_found', `There is no batch job ${id} of this account.`);
    return job;
  }

  /** A job just written, read back (it cannot be gone: only expiry deletes jobs, days later). */
  private async reread(id: string): Promise<JobRow> {
    const job = await this.store.job(id);
    if (!job) throw new DomainError('not_found', `The batch job ${id} is gone.`);
    return job;
  }

  private view(job: JobRow): BatchJobView {
    return jobView(job, this.catalog.of(job.endpoint)?.price.fresh ?? 0);
  }
}
