import {
  formatCredits,
  toCredits,
  type EndpointDefinition,
  type ReplyMeta,
} from '@nl/contracts-core';
import { DomainError } from '@nl/platform-errors';
import type { Written } from './charge-writes.js';
import type { SpendCapReached } from './spend-caps.js';

/**
 * The price of a 2xx answer: the cached price for `hit`/`stale`, the fresh one otherwise; an
 * answer marked partial costs at most the partial price (the lower of the two when it is also
 * from cache).
 */
export function priceOf(price: EndpointDefinition['price'], meta: ReplyMeta | undefined): number {
  const cached = meta?.cache === 'hit' || meta?.cache === 'stale';
  const full = cached ? price.cached : price.fresh;
  return meta?.partial && price.partial !== undefined ? Math.min(full, price.partial) : full;
}

/** A settlement as written: `charge` and the balance after it, or null when nothing was open. */
export function settlement(charge: number, balance: number | null): Written | null {
  return balance === null ? null : { charged: charge, balance };
}

/**
 * The 402 of a call that would take its key's spend over a cap: the message names the cap, the
 * spend and when it resets, and the `spend_cap` member says the same for programs.
 */
export function spendCapReached(cap: SpendCapReached, price: number): DomainError {
  return new DomainError(
    'spend_cap_reached',
    `This call costs ${formatCredits(price)} credits, which would exceed this key's ${cap.period} spend cap of ` +
      `${formatCredits(cap.cap)} credits (${formatCredits(cap.spent)} spent); it resets at ${cap.resetsAt}.`,
    {
      members: {
        spend_cap: {
          period: cap.period,
          cap: toCredits(cap.cap),
          spent: toCredits(cap.spent),
          resets_at: cap.resetsAt,
        },
      },
    },
  );
}

/** The 402 of a call whose price the balance does not cover. */
export function insufficientCredits(price: number, balance: number): DomainError {
  return new DomainError(
    'insufficient_credits',
    `This call costs ${formatCredits(price)} credits; the balance is ${formatCredits(balance)}.`,
  );
}
