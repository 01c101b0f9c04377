import {
  Inject,
  Injectable,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { InjectConfig } from '@nl/platform-config';
import { LOGGER, type Logger } from '@nl/platform-logging';
import { deliver, type DeliverOptions } from '@nl/platform-webhooks';
import { DataSource } from 'typeorm';
import { attemptResult } from './attempt-plan.js';
import { claimDue, pruneSettled, recordAttempt, type ClaimedDelivery } from './deliveries.sql.js';
import { WebhookEndpoints } from './webhook-endpoints.js';
import { destinationOptions, WEBHOOKS_CONFIG, type WebhookSettings } from './webhooks.config.js';

/** How often every replica looks for due deliveries, whatever it was woken for. */
export const POLL_MS = 1_000;
/** Added to every wait for a timer, which may fire up to a millisecond early. */
const TIMER_SLACK_MS = 2;
/**
 * How long a claimed delivery is left to its attempt before another replica may take it: well
 * past an attempt's 10-second timeout, so only a process that died mid-attempt loses a row.
 */
export const LEASE_MS = 60_000;
/** Attempts in flight at once per process: one slow receiver does not hold up the others. */
export const MAX_IN_FLIGHT = 16;
/**
 * How long a settled delivery stays for the log: past a month, so a monthly spend-cap alert
 * (whose stored row is what makes it once per month) outlives its period.
 */
export const KEEP_SETTLED_MS = 45 * 24 * 3600_000;
/** How often a process removes deliveries settled longer ago than that. */
export const PRUNE_EVERY_MS = 3600_000;

/**
 * Sends the outbox: claims due deliveries (see claimDue), makes one attempt each with the
 * account's secret(s), records it and schedules the next. It runs in every gateway process, in
 * both profiles; the claim keeps replicas from sending one attempt twice. It looks every
 * {@link POLL_MS}, at once when woken (an event raised here), and when a retry of its own falls
 * due before the next look. On shutdown it stops claiming and waits for the attempts in flight.
 */
@Injectable()
export class WebhookDispatcher implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly inFlight = new Set<Promise<void>>();
  private timer?: NodeJS.Timeout;
  private timerAt = Infinity;
  private running = false;
  private again = false;
  private stopped = true;
  private pruneAt = 0;
  private readonly options: DeliverOptions;

  constructor(
    private readonly db: DataSource,
    private readonly endpoints: WebhookEndpoints,
    @InjectConfig(WEBHOOKS_CONFIG) private readonly settings: WebhookSettings,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.options = destinationOptions(settings);
  }

  onApplicationBootstrap(): void {
    this.stopped = false;
    this.wake();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await Promise.allSettled([...this.inFlight]);
  }

  /** Looks for due deliveries at `at` (now by default), unless a look is planned sooner. */
  wake(at = Date.now()): void {
    if (this.stopped || at >= this.timerAt) return;
    clearTimeout(this.timer);
    this.timerAt = at;
    // A timer may fire a millisecond before the wall clock reaches `at`; a look made then would
    // not find the retry due at `at`, and it would wait for the next poll.
    this.timer = setTimeout(
      () => {
        this.timerAt = Infinity;
        void this.tick();
      },
      Math.max(0, at - Date.now()) + TIMER_SLACK_MS,
    );
    this.timer.unref();
  }

  /** One look; a wake during it makes another right after, so no wake-up is lost. */
  private async tick(): Promise<void> {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = true;
    try {
      do {
        this.again = false;
        await this.claimAndSend();
      } while (this.again && !this.stopped);
    } catch (error) {
      this.logger.error({ err: error }, 'webhook dispatch failed; trying again at the next poll');
    } finally {
      this.running = false;
      this.wake(Date.now() + POLL_MS);
    }
  }

  private async claimAndSend(): Promise<void> {
    if (Date.now() >= this.pruneAt) {
      this.pruneAt = Date.now() + PRUNE_EVERY_MS;
      await pruneSettled(this.db, new Date(Date.now() - KEEP_SETTLED_MS));
    }
    const room = MAX_IN_FLIGHT - this.inFlight.size;
    if (room <= 0 || this.stopped) return;
    const claimed = await claimDue(this.db, new Date(), LEASE_MS, room);
    for (const delivery of claimed) {
      const attempt = this.attempt(delivery).finally(() => this.inFlight.delete(attempt));
      this.inFlight.add(attempt);
    }
    // A full batch may have left more due rows behind.
    if (claimed.length === room) this.again = true;
  }

  private async attempt(delivery: ClaimedDelivery): Promise<void> {
    try {
      const secrets = await this.endpoints.secretsOf(delivery.accountId);
      const outcome = await deliver(delivery.url, delivery.payload, secrets, {
        ...this.options,
        messageId: delivery.id,
      });
      const result = attemptResult(
        outcome,
        delivery.attempts,
        delivery.firstAttemptAt,
        this.settings.retryScale,
      );
      await recordAttempt(this.db, delivery, result);
      if (result.nextAttemptAt) this.wake(result.nextAttemptAt.getTime());
      if (result.state === 'failed')
        this.logger.warn(
          { messageId: delivery.id, attempts: delivery.attempts, outcome: result.outcome },
          'webhook delivery given up',
        );
    } catch (error) {
      // The row stays claimed until its lease ends, and is then tried again.
      this.logger.error({ err: error, messageId: delivery.id }, 'webhook attempt not recorded');
    } finally {
      // Room for one more attempt: due rows waiting for it go now, not at the next poll.
      if (this.inFlight.size >= MAX_IN_FLIGHT - 1) this.wake();
    }
  }
}
