import type { Tier } from '@nl/contracts-core';
import { talliedCounter } from '@nl/platform-health';

/**
 * The gateway economy's counters, tallied per label set (cheap on a request's path; see
 * `talliedCounter`). 402 answers are counted where every answer is, in the request pipeline.
 */
const creditsCharged = talliedCounter({
  name: 'gateway_credits_charged_total',
  help: 'Credits charged for answers, by endpoint and how they were paid (balance: an API key’s credits; x402: paid per request).',
  labelNames: ['endpoint', 'payment'] as const,
});

const rateLimited = talliedCounter({
  name: 'gateway_rate_limited_total',
  help: 'Calls refused with 429 for passing a per-minute limit, by endpoint and tier.',
  labelNames: ['endpoint', 'tier'] as const,
});

/** Counts a settled charge; `hundredths` of a credit, as the ledger keeps them. */
export function countCharge(endpoint: string, payment: 'balance' | 'x402', hundredths: number) {
  if (hundredths > 0) creditsCharged.inc({ endpoint, payment }, hundredths / 100);
}

export function countRateLimited(endpoint: string, tier: Tier): void {
  rateLimited.inc({ endpoint, tier });
}
