import {
  Inject,
  Injectable,
  type BeforeApplicationShutdown,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { currentRequestId, outsideRequest, runWithRequestId } from '@nl/platform-context';
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
 *
 * The retries run outside any request: the timer is started by one call and serves the charges
 * of later ones, so it must not carry the first call's context. Each charge's undo runs, and is
 * logged, in the context of the call it was for (its request id on every line).
 */
@Injectable()
export class DoubtfulCharges implements BeforeApplicationShutdown, OnApplicationShutdown {
  /** Each pending charge, and the request id of the call it was for. */
  private readonly pending = new Map<string, string | undefined>();
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
    this.pending.set(chargeId, currentRequestId());
    this.logger.warn(
      { chargeId },
      'settlement of unknown outcome: the caller was told it was not charged; undoing it once the database answers',
    );
    this.schedule();
  }

  /** Tries to undo every pending charge once; returns how many are still pending. */
  run(): Promise<number> {
    this.running ??= outsideRequest(() => this.undoAll()).finally(() => (this.running = undefined));
    return this.running;
  }

  async beforeApplicationShutdown(): Promise<void> {
    if (!this.pending.size) return;
    await Promise.race([this.run(), new Promise((r) => setTimeout(r, SHUTDOWN_GRACE_MS).unref())]);
    if (this.pending.size)
      this.logger.error(
        { chargeIds: [...this.pending.keys()] },
        'shutting down with charges that could not be undone; refund them by hand',
      );
  }

  onApplicationShutdown(): void {
    clearTimeout(this.timer);
  }

  private async undoAll(): Promise<number> {
    for (const [chargeId, requestId] of [...this.pending]) {
      try {
        await this.about(requestId, async () => {
          const outcome = await this.credits.undo(chargeId);
          this.pending.delete(chargeId);
          this.logger.warn({ chargeId, outcome }, 'undid a charge of unknown outcome');
        });
      } catch {
        break; // the database is still away: try again later
      }
    }
    return this.pending.size;
  }

  /** Runs `work` as part of the call with `requestId`, or of none. */
  private about<T>(requestId: string | undefined, work: () => T): T {
    return requestId === undefined ? work() : runWithRequestId(requestId, work);
  }

  private schedule(): void {
    if (this.timer) return;
    this.timer = outsideRequest(() =>
      setTimeout(() => {
        this.timer = undefined;
        void this.run().then((left) => left && this.schedule());
      }, UNDO_RETRY_MS).unref(),
    );
  }
}
