import type { WebhookEventType } from '@nl/platform-webhooks';

/**
 * Where a job's end is told: the account's webhooks (a durable outbox that signs, sends and
 * retries). `url` is the job's own webhook URL; without one the account's registered URL is used.
 */
export interface BatchWebhooks {
  raise(accountId: string, type: WebhookEventType, data: object, url?: string): Promise<unknown>;
}

export const BATCH_WEBHOOKS = Symbol('BATCH_WEBHOOKS');
