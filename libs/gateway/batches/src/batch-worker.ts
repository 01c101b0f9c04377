import {
  Inject,
  Injectable,
  Optional,
  type OnApplicationBootstrap,
  type BeforeApplicationShutdown,
} from '@nestjs/common';
import { Foreground } from '@nl/gateway-core';
import { InjectConfig } from '@nl/platform-config';
import { LOGGER, type Logger } from '@nl/platform-logging';
import { ServiceClient } from '@nl/platform-transport';
import { callItem } from './batch-call.js';
import { BatchCatalog } from './batch-catalog.js';
import { BatchCharges, itemRequestId } from './batch-charges.js';
import { BATCH_WEBHOOKS, type BatchWebhooks } from './batch-events.js';
import { BATCH_QUEUE, type BatchQueue, type BatchTask, type TaskOutcome } from './batch-queue.js';
import type { JobRow, WorkItem } from './batch-rows.js';
import { BatchShare } from './batch-share.js';
import { BatchStore } from './batch-store.js';
import { jobView } from './batch-views.js';
import { BATCH_CONFIG, type BatchSettings } from './batches.config.js';
import { slotKeyOf, UpstreamSlots } from './upstream-slots.js';

/** Attempts of an item that meets passing failures before its failure stands. */
export const MAX_ATTEMPTS = 3;

const DONE: TaskOutcome = { done: true };

/**
 * Works off batch tasks: each item is called as a single call would be, waits its turn for its
 * upstream (UpstreamSlots), ends once in its row (BatchStore.end), and then closes its
 * reservation: settled at the answer's price, or released. The last item to end ends the job and
 * raises its webhook. Every step can be repeated: a task delivered twice, or again after the
 * worker died mid-way, finds its item ended and only makes sure its charge is closed.
 */
@Injectable()
export class BatchWorker implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly slots: UpstreamSlots;
  private readonly share: BatchShare;

  constructor(
    private readonly store: BatchStore,
    private readonly charges: BatchCharges,
    private readonly services: ServiceClient,
    @Inject(BATCH_QUEUE) private readonly queue: BatchQueue,
    @InjectConfig(BATCH_CONFIG) private readonly settings: BatchSettings,
    private readonly catalog: BatchCatalog,
    @Inject(LOGGER) private readonly logger: Logger,
    @Optional() @Inject(BATCH_WEBHOOKS) private readonly webhooks?: BatchWebhooks,
    @Optional() private readonly foreground?: Foreground,
  ) {
    this.slots = new UpstreamSlots(settings.concurrency);
    this.share = new BatchShare(settings.cpuPercent, (at) => foreground?.comingIn(at) ?? false);
  }

  async onApplicationBootstrap(): Promise<void> {
    if (this.settings.workers > 0)
      await this.queue.work((task) => this.handle(task), this.settings.workers);
  }

  beforeApplicationShutdown(): Promise<void> {
    this.share.stop();
    return this.queue.stop();
  }

  /**
   * One task, once the batch's share of the CPU lets it in (BatchShare); a failure of ours (the
   * database away) is logged and the task tried again.
   */
  async handle(task: BatchTask): Promise<TaskOutcome> {
    const leave = await this.share.enter();
    try {
      return await this.work(task);
    } catch (error) {
      this.logger.warn(
        { err: error, job: task.job, item: task.item },
        'batch item failed; tried again shortly',
      );
      return { done: false, delayMs: Math.max(1_000, this.settings.retryDelayMs) };
    } finally {
      leave();
    }
  }

  private async work(task: BatchTask): Promise<TaskOutcome> {
    const item = await this.store.workItem(task.job, task.item);
    // Items come back from the database many at once: while customers' calls come in they go on
    // one at a time, a few milliseconds apart (Foreground), not all in one long turn.
    await this.foreground?.turn();
    // Gone with its job (expired), or cancelled: nothing to do.
    if (!item || item.state === 'cancelled') return DONE;
    if (item.state !== 'pending') return this.closeAgain(item);
    if (item.job.state === 'cancelled') return DONE;
    const endpoint = this.catalog.of(item.job.endpoint);
    if (!endpoint)
      throw new Error(
        `batch ${item.job.id} names ${item.job.endpoint}, which this gateway does not serve`,
      );
    if (item.job.state === 'queued') await this.store.started(item.job.id);
    const free = await this.slots.take(slotKeyOf(endpoint, item.params));
    let result;
    try {
      await this.foreground?.turn();
      result = await callItem(
        this.services,
        endpoint,
        item.params,
        itemRequestId(item.job.id, item.item),
        item.job.sandbox,
      );
    } finally {
      free();
    }
    if (!result.ok && result.passing && item.attempts + 1 < MAX_ATTEMPTS) {
      await this.store.putBack(item.job.id, item.item);
      return { done: false, delayMs: this.settings.retryDelayMs * 2 ** item.attempts };
    }
    const charge = result.ok ? result.price : 0;
    const job = await this.store.end(item.job.id, item.item, {
      state: result.ok ? 'succeeded' : 'failed',
      status: result.status,
      charged: charge,
      cache: result.ok ? result.cache : null,
      source: result.ok ? result.source : null,
      answer: result.ok ? result.data : result.body,
    });
    // Ended by another worker, or cancelled meanwhile: that one closes the charge.
    if (!job) return DONE;
    await this.foreground?.turn();
    await this.closeCharge(item, charge);
    if (job.succeeded + job.failed + job.cancelled === job.total) await this.finish(job.id);
    return DONE;
  }

  /** An ended item's reservation is closed (again: a repeat does nothing), and its job ended. */
  private async closeAgain(item: WorkItem): Promise<TaskOutcome> {
    await this.closeCharge(item, item.charged ?? 0);
    await this.finish(item.job.id);
    return DONE;
  }

  private async closeCharge(item: WorkItem, charge: number): Promise<void> {
    const charged = await this.charges.close(item.chargeId, charge);
    if (charged !== charge) await this.store.recharged(item.job.id, item.item, charged);
  }

  /** Ends the job if all its items have ended; only the call that ends it raises the webhook. */
  private async finish(jobId: string): Promise<void> {
    const job = await this.store.finish(jobId);
    if (job) await this.ended(job);
  }

  private async ended(job: JobRow): Promise<void> {
    this.logger.info(
      {
        job: job.id,
        state: job.state,
        succeeded: job.succeeded,
        failed: job.failed,
        charged: job.charged,
      },
      'batch job ended',
    );
    if (!this.webhooks) return;
    const type = job.state === 'completed' ? 'batch.completed' : 'batch.failed';
    try {
      await this.webhooks.raise(job.accountId, type, jobView(job), job.webhookUrl ?? undefined);
    } catch (error) {
      this.logger.error(
        { err: error, job: job.id },
        'the webhook of a batch job could not be queued',
      );
    }
  }
}
