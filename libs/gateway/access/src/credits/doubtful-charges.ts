import {
  Inject,
  Injectable,
  type BeforeApplicationShutdown,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { LOGGER, type Logger } from '@nl/platform-logging';
import { CreditsService } from './credits.service.js';

/** Pause between attempts to undo the pending charges while the database is unreachable. */
export const UNDO_RETRY_MS = 1_000;
/** How long a graceful shutdown waits for a last attempt. */
const SHUTDOWN_GRACE_MS = 2_000;

/**
 * Charges the gateway told its caller it did not make, but may have made: the settlement was
 * sent, the connection died before its answer, and the database stayed away longer than the
 * settle retries (CreditsStep). The caller got `503` and no data, so the charge is undone as
 * soon as the database answers again: retried every second in the background, and once more
 * on a graceful shutdown. Kept in memory: a gateway killed while the database is still down
 * loses the list, so every charge is also logged (warn, with its charge id) when it is added.
 */
@Injectable()
export class DoubtfulCharges implements BeforeApplicationShutdown, OnApplicationShutdown {
  private readonly pending = new Set<string>();
  private timer?: NodeJS.Timeout;
  private running?: Promise<number>;

  constructor(
    private readonly credits: CreditsService,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Charges still waiting to be undone. */
  get size(): number {
    return this.pending.size;
  }

  add(chargeId: string): void {
    this.pending.add(chargeId);
    this.logger.warn(
      { chargeId },
      'settlement of unknown outcome: the caller was told it was not charged; undoing it once the database answers',
    );
    this.schedule();
  }

  /** Tries to undo every pending charge once; returns how many are still pending. */
  run(): Promise<number> {
    this.running ??= this.undoAll().finally(() => (this.running = undefined));
    return this.running;
  }

  async beforeApplicationShutdown(): Promise<void> {
    if (!this.pending.size) return;
    await Promise.race([this.run(), new Promise((r) => setTimeout(r, SHUTDOWN_GRACE_MS).unref())]);
    if (this.pending.size)
      this.logger.error(
        { chargeIds: [...this.pending] },
        'shutting down with charges that could not be undone; refund them by hand',
      );
  }

  onApplicationShutdown(): void {
    clearTimeout(this.timer);
  }

  private async undoAll(): Promise<number> {
    for (const chargeId of [...this.pending]) {
      try {
        const outcome = await this.credits.undo(chargeId);
        this.pending.delete(chargeId);
        this.logger.warn({ chargeId, outcome }, 'undid a charge of unknown outcome');
      } catch {
        break; // the database is still away: try again later
      }
    }
    return this.pending.size;
  }

  private schedule(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.run().then((left) => left && this.schedule());
    }, UNDO_RETRY_MS).unref();
  }
}
