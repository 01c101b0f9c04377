import { formatCredits } from '@nl/contracts-core';
import type { GatewayCall } from '@nl/gateway-core';
import type { Logger } from '@nl/platform-logging';
import { DomainError, databaseUnavailable, isDatabaseUnavailable } from '@nl/platform-errors';
import type { CreditsService } from './credits.service.js';
import type { DoubtfulCharges } from './doubtful-charges.js';

/**
 * Pauses between attempts to settle a paid answer while the database is unreachable (≈3.4 s in
 * all, well inside the 30 s after which the sweeper would release the reservation).
 */
export const SETTLE_RETRY_DELAYS_MS = [100, 250, 500, 1_000, 1_500];

/** A charge as written: what was charged and the balance after it. */
export interface Written {
  readonly charged: number;
  readonly balance: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The charges of the credits step's paid answers, written with retries. */
export class PaidCharges {
  constructor(
    private readonly credits: Pick<CreditsService, 'closedAs'>,
    private readonly doubtful: DoubtfulCharges,
    private readonly logger: Logger,
  ) {}

  /**
   * Writes a paid answer's charge with `write` (one attempt: what it wrote, null for nothing to
   * write, undefined unknown), retrying while the database is unreachable; a retry first asks
   * whether an earlier attempt landed. `failed`: attempt 0 was made by the caller and failed
   * with this error. A refusal (DomainError) is thrown on: nothing was written. Given up
   * (another error, or the database still unreachable after the last pause), it throws
   * `503 database_unavailable`: the caller gets no data and is told it paid nothing, which
   * DoubtfulCharges makes true later.
   */
  async written(
    call: GatewayCall,
    chargeId: string,
    write: () => Promise<Written | null | undefined>,
    failed?: { error: unknown },
  ): Promise<Written | null> {
    for (let attempt = failed ? 1 : 0, last = failed; ; attempt++) {
      if (last) await this.beforeRetry(call, chargeId, last.error, attempt - 1);
      try {
        if (attempt > 0) {
          const landed = await this.landed(chargeId);
          if (landed !== undefined) return landed;
        }
        return (await write()) ?? null;
      } catch (error) {
        last = { error };
      }
    }
  }

  /**
   * What an earlier attempt wrote for `chargeId`: its settlement, null (released), undefined
   * (none yet: still open, or never made).
   */
  async landed(chargeId: string): Promise<Written | null | undefined> {
    const closed = await this.credits.closedAs(chargeId);
    if (closed) return closed.kind === 'settle' ? closed : null;
    return undefined;
  }

  /** After attempt number `attempt` failed with `error`: a pause before the next, or the end. */
  private async beforeRetry(
    call: GatewayCall,
    chargeId: string,
    error: unknown,
    attempt: number,
  ): Promise<void> {
    if (error instanceof DomainError) throw error;
    const unavailable = isDatabaseUnavailable(error);
    if (unavailable && attempt < SETTLE_RETRY_DELAYS_MS.length) {
      await sleep(SETTLE_RETRY_DELAYS_MS[attempt]);
      return;
    }
    // Not written: the data stays here, and whatever an attempt did write is undone.
    if (!unavailable)
      this.logger.error({ err: error, chargeId }, 'could not write the charge of a paid answer');
    this.doubtful.add(chargeId);
    void call.reply.header('x-credits-charged', formatCredits(0));
    throw databaseUnavailable();
  }
}
