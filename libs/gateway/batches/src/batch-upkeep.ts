import {
  Inject,
  Injectable,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { InjectConfig } from '@nl/platform-config';
import { LOGGER, type Logger } from '@nl/platform-logging';
import { BatchCatalog } from './batch-catalog.js';
import { BatchCharges } from './batch-charges.js';
import { callFailed } from './batch-call.js';
import { BATCH_QUEUE, type BatchQueue } from './batch-queue.js';
import { BatchStore } from './batch-store.js';
import { BatchUpkeepStore, type PendingItem } from './batch-upkeep.store.js';
import { BATCH_CONFIG, type BatchSettings } from './batches.config.js';

const ROUND_MS = 60_000;
/** A batch reservation no pending item holds is released once it is this old. */
const STRAY_AFTER_MS = 5 * 60_000;
/** A job none of whose items moved for this long has its pending items queued again. */
const QUIET_MS = 10 * 60_000;

/**
 * Keeps jobs moving and the tables small. At start, where the queue does not keep its tasks
 * (the in-process one), every pending item is queued again, and an item whose reservation was
 * lost with the process (the embedded ledger keeps reservations in memory) reserves again, or
 * fails `insufficient_credits` when the balance no longer covers it. Every minute: expired jobs
 * are deleted (their pending items' reservations released), stray batch reservations released,
 * and quiet jobs queued again (a task lost on the way).
 */
@Injectable()
export class BatchUpkeep implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly store: BatchStore,
    private readonly upkeep: BatchUpkeepStore,
    private readonly charges: BatchCharges,
    @Inject(BATCH_QUEUE) private readonly queue: BatchQueue,
    @InjectConfig(BATCH_CONFIG) private readonly settings: BatchSettings,
    private readonly catalog: BatchCatalog,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.settings.workers === 0) return;
    if (!this.queue.durable)
      await this.resume().catch((error: unknown) =>
        this.logger.error(
          { err: error },
          'batch jobs could not be taken up again at start; next round',
        ),
      );
    this.timer = setInterval(() => void this.round(), ROUND_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  /** Queues every pending item again, with a new reservation where the old one was lost. */
  async resume(): Promise<number> {
    const pending = await this.upkeep.pending();
    const held = pending.flatMap((p) => (p.chargeId === null ? [] : [p.chargeId]));
    const open = await this.charges.openAmong(held);
    const lost = pending.filter((p) => p.chargeId !== null && !open.has(p.chargeId));
    await this.holdAgain(lost);
    await this.queue.add(pending.map((p) => ({ job: p.jobId, item: p.item })));
    if (pending.length)
      this.logger.info({ items: pending.length, reheld: lost.length }, 'batch jobs taken up again');
    return pending.length;
  }

  private async holdAgain(lost: readonly PendingItem[]): Promise<void> {
    const byJob = new Map<string, PendingItem[]>();
    for (const p of lost) byJob.set(p.jobId, [...(byJob.get(p.jobId) ?? []), p]);
    for (const [jobId, items] of byJob) {
      const endpoint = this.catalog.of(items[0].endpoint);
      if (!endpoint) continue;
      const numbers = items.map((p) => p.item);
      const { accountId, keyId } = items[0];
      const held = await this.charges.hold(
        { jobId, accountId, keyId: keyId ?? undefined, endpoint },
        numbers,
      );
      if (held.ok) {
        await this.upkeep.reheld(jobId, numbers, held.chargeIds);
        continue;
      }
      // The balance no longer covers them: they fail as a single call would, uncharged.
      const failure = callFailed(
        'insufficient_credits',
        'The balance no longer covered this item when its job was taken up again.',
        endpoint,
        jobId,
      );
      for (const item of numbers)
        await this.store.end(jobId, item, { ...failure, charged: 0, cache: null, source: null });
      await this.store.finish(jobId);
    }
  }

  async round(): Promise<void> {
    try {
      const expired = await this.upkeep.expired();
      await this.charges.releaseAll(expired.charges);
      const strays = await this.upkeep.strayReservations(STRAY_AFTER_MS);
      await this.charges.releaseAll(strays);
      const quiet = await this.upkeep.pending(QUIET_MS);
      await this.upkeep.touch([...new Set(quiet.map((p) => p.jobId))]);
      await this.queue.add(quiet.map((p) => ({ job: p.jobId, item: p.item })));
      if (expired.jobs || strays.length || quiet.length)
        this.logger.info(
          { expiredJobs: expired.jobs, strayReservations: strays.length, requeued: quiet.length },
          'batch upkeep',
        );
    } catch (error) {
      this.logger.warn({ err: error }, 'batch upkeep failed; next round');
    }
  }
}
