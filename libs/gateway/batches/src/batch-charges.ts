import { Injectable } from '@nestjs/common';
import type { EndpointDefinition } from '@nl/contracts-core';
import { CreditsService, type ReserveOutcome } from '@nl/gateway-ledger';

/** Reservations made at once while a job is taken: enough to fill a round, not to flood it. */
const RESERVE_WINDOW = 500;

/** Whose items are reserved, and under which request ids (`bat-<job>:<item>`). */
export interface HoldFor {
  readonly jobId: string;
  readonly accountId: string;
  /** The key, when it has spend caps: the items count against them. */
  readonly keyId?: string;
  readonly endpoint: EndpointDefinition;
}

export type HoldOutcome =
  | { readonly ok: true; readonly chargeIds: string[] }
  | { readonly ok: false; readonly refusal: Exclude<ReserveOutcome, { ok: true }> };

/** The request id of an item's charge: its job and number, so the ledger names both. */
export const itemRequestId = (jobId: string, item: number) => `${jobId}:${item}`;

/**
 * A job's credits on the ledger: each item holds its fresh price in a reservation of its own from
 * the moment the job is taken, so the whole worst case is covered up front and an item's charge
 * is a settlement like a single call's, one ledger row per item with the job in its request id.
 */
@Injectable()
export class BatchCharges {
  constructor(private readonly credits: CreditsService) {}

  /**
   * Reserves each of `items` (numbers) at the endpoint's fresh price: all of them, or none (a
   * refusal releases what was taken and says why: the balance, or a spend cap).
   */
  async hold(holder: HoldFor, items: readonly number[]): Promise<HoldOutcome> {
    const chargeIds: string[] = [];
    let refusal: Exclude<ReserveOutcome, { ok: true }> | undefined;
    for (let start = 0; start < items.length && !refusal; start += RESERVE_WINDOW) {
      const outcomes = await Promise.all(
        items.slice(start, start + RESERVE_WINDOW).map((item) =>
          this.credits.reserve({
            accountId: holder.accountId,
            keyId: holder.keyId,
            amount: holder.endpoint.price.fresh,
            endpoint: holder.endpoint.id,
            requestId: itemRequestId(holder.jobId, item),
          }),
        ),
      );
      for (const outcome of outcomes)
        if (outcome.ok) chargeIds.push(outcome.chargeId);
        else refusal ??= outcome;
    }
    if (!refusal) return { ok: true, chargeIds };
    await this.releaseAll(chargeIds);
    return { ok: false, refusal };
  }

  /** Gives reservations back whole (a cancelled or expired job's pending items). */
  async releaseAll(chargeIds: readonly string[]): Promise<void> {
    for (let start = 0; start < chargeIds.length; start += RESERVE_WINDOW)
      await Promise.all(
        chargeIds.slice(start, start + RESERVE_WINDOW).map((id) => this.credits.release(id)),
      );
  }

  /**
   * Closes an ended item's reservation: `charge` settled (a 2xx answer), or released (0). What it
   * was charged in the end: a settlement made earlier (the same task delivered again) counts as
   * made; a reservation no longer open and never settled (released by the upkeep, or lost with an
   * embedded process that stopped) charged nothing. Throws when the ledger cannot be written: the
   * task is tried again and closes it then.
   */
  async close(chargeId: string | null, charge: number): Promise<number> {
    if (chargeId === null) return 0;
    if (charge <= 0) {
      await this.credits.release(chargeId);
      return 0;
    }
    // The item's answer is in its row already (ended before its charge closes).
    const balance = await this.credits.settle(chargeId, charge, true);
    if (balance !== null) return charge;
    const closed = await this.credits.closedAs(chargeId);
    return closed?.kind === 'settle' ? closed.charged : 0;
  }

  /** Which of these reservations are still open. */
  openAmong(chargeIds: readonly string[]): Promise<Set<string>> {
    return this.credits.openAmong(chargeIds);
  }
}
