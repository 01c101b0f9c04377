import type { SpendCapReached } from './spend-caps.js';

/**
 * Told when a key's reservation is refused by one of its spend caps, so its owner can be
 * alerted (account webhooks provide it; without them nobody is told). Called on the 402's path:
 * an implementation returns at once and never throws, whatever it does afterwards.
 */
export abstract class SpendCapAlerts {
  abstract capReached(accountId: string, keyId: string, cap: SpendCapReached): void;
}
