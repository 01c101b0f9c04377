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

/** The charge of one paid answer, as CreditsStep writes it. */
export interface ChargeWrite {
  readonly chargeId: string;
  /** One attempt: what it wrote, null for nothing to write (nothing open), undefined unknown. */
  write(): Promise<Written | null | undefined>;
  /** What an earlier attempt wrote: its settlement, null (released), undefined (none yet). */
  landed(): Promise<Written | null | undefined>;
  /** Called once before the 503 when the charge could not be written. */
  givingUp(): void;
  readonly logger: Logger;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Writes `charge`, retrying while the database is unreachable; a retry first asks whether an
 * earlier attempt landed. `failed`: attempt 0 was made by the caller and failed with this error.
 * A refusal (DomainError) is thrown on: nothing was written. Given up (another error, or the
 * database still unreachable after the last pause), it throws `503 database_unavailable`.
 */
export async function writeWithRetries(
  charge: ChargeWrite,
  failed?: { error: unknown },
): Promise<Written | null> {
  for (let attempt = failed ? 1 : 0, last = failed; ; attempt++) {
    if (last) await beforeRetry(charge, last.error, attempt - 1);
    try {
      if (attempt > 0) {
        const landed = await charge.landed();
        if (landed !== undefined) return landed;
      }
      return (await charge.write()) ?? null;
    } catch (error) {
      last = { error };
    }
  }
}

/** After attempt number `attempt` failed with `error`: a pause before the next, or the end. */
async function beforeRetry(charge: ChargeWrite, error: unknown, attempt: number): Promise<void> {
  if (error instanceof DomainError) throw error;
  const unavailable = isDatabaseUnavailable(error);
  if (unavailable && attempt < SETTLE_RETRY_DELAYS_MS.length) {
    await sleep(SETTLE_RETRY_DELAYS_MS[attempt]);
    return;
  }
  // Not written: the data stays here, and whatever an attempt did write is undone.
  if (!unavailable)
    charge.logger.error(
      { err: error, chargeId: charge.chargeId },
      'could not write the charge of a paid answer',
    );
  charge.givingUp();
  throw databaseUnavailable();
}

/** The charges of the credits step's paid answers, written with {@link writeWithRetries}. */
export class PaidCharges {
  constructor(
    private readonly credits: Pick<CreditsService, 'closedAs'>,
    private readonly doubtful: DoubtfulCharges,
    private readonly logger: Logger,
  ) {}

  /**
   * Writes a paid answer's charge with `write`, retrying while the database is unreachable
   * (writeWithRetries); `failed`: the caller's first attempt failed so. Given up, the caller gets
   * no data and is told it paid nothing, which DoubtfulCharges makes true later.
   */
  written(
    call: GatewayCall,
    chargeId: string,
    write: () => Promise<Written | null | undefined>,
    failed?: { error: unknown },
  ): Promise<Written | null> {
    return writeWithRetries(
      {
        chargeId,
        write,
        landed: () => this.landed(chargeId),
        givingUp: () => {
          this.doubtful.add(chargeId);
          void call.reply.header('x-credits-charged', formatCredits(0));
        },
        logger: this.logger,
      },
      failed,
    );
  }

  /** What an earlier attempt wrote for `chargeId`: its settlement, or null (released or open). */
  async landed(chargeId: string): Promise<Written | null | undefined> {
    const closed = await this.credits.closedAs(chargeId);
    if (closed) return closed.kind === 'settle' ? closed : null;
    return undefined;
  }
}
