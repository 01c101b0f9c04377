import {
  Inject,
  Injectable,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { ENDPOINT_CATALOG } from '@nl/contracts-catalog';
import { LOGGER, type Logger } from '@nl/platform-logging';
import { CreditsService } from './credits.service.js';

/** A reservation older than the longest gateway timeout plus this margin belongs to a dead request. */
const MARGIN_MS = 15_000;
export const SWEEP_AFTER_MS = Math.max(...ENDPOINT_CATALOG.map((e) => e.timeoutMs)) + MARGIN_MS;
const INTERVAL_MS = 15_000;

/**
 * Releases reservations whose request never settled (the gateway crashed or was killed between
 * reserve and settle), so no credit stays held. Every replica sweeps; the DELETE … RETURNING
 * statement makes each reservation released once.
 */
@Injectable()
export class ReservationSweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly credits: CreditsService,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.sweep(), INTERVAL_MS).unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  async sweep(olderThanMs = SWEEP_AFTER_MS): Promise<number> {
    try {
      const released = await this.credits.sweep(olderThanMs);
      if (released)
        this.logger.warn(
          { released },
          'released credit reservations of requests that never finished',
        );
      return released;
    } catch (error) {
      this.logger.error({ err: error }, 'credit sweep failed');
      return 0;
    }
  }
}
