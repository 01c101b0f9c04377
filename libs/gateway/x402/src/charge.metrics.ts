import { counter } from '@nl/platform-health';

/**
 * Credits charged for answers. Both ways of paying count here, the ledger's credits step for a
 * key's balance and x402 for a payment per request; it lives with x402, the lower of the two libs.
 */
const creditsCharged = counter({
  name: 'gateway_credits_charged_total',
  help: 'Credits charged for answers, by endpoint and how they were paid (balance: an API key’s credits; x402: paid per request).',
  labelNames: ['endpoint', 'payment'] as const,
});

/** Counts a settled charge; `hundredths` of a credit, as the ledger keeps them. */
export function countCharge(endpoint: string, payment: 'balance' | 'x402', hundredths: number) {
  if (hundredths > 0) creditsCharged.inc({ endpoint, payment }, hundredths / 100);
}
