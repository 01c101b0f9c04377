import { Injectable } from '@nestjs/common';
import { newWebhookMessageId, webhookEvent, type WebhookEventType } from '@nl/platform-webhooks';
import { allRows } from '@nl/gateway-ledger';
import { DataSource } from 'typeorm';
import { deliveryLog, type DeliveryLogEntry } from './deliveries.sql.js';
import { WebhookDispatcher } from './webhook-dispatcher.js';
import { WebhookEndpoints } from './webhook-endpoints.js';

/** How many deliveries an account's log shows. */
export const DELIVERY_LOG_LIMIT = 50;

/**
 * Where events become deliveries. `raise` writes the delivery to the database before it
 * returns (a restart loses nothing: the dispatcher of any replica sends it), then wakes this
 * process's dispatcher so the first attempt goes out at once instead of at the next poll.
 */
@Injectable()
export class WebhookOutbox {
  constructor(
    private readonly db: DataSource,
    private readonly endpoints: WebhookEndpoints,
    private readonly dispatcher: WebhookDispatcher,
  ) {}

  /**
   * Queues `type` with `data` for the account: to `url` if given, else to the account's
   * registered URL. Returns the message id, or null when there is no URL (nothing is stored).
   */
  async raise(
    accountId: string,
    type: WebhookEventType,
    data: object,
    url?: string,
  ): Promise<string | null> {
    return this.store(newWebhookMessageId(), accountId, type, data, url);
  }

  /**
   * As {@link raise}, with a message id the caller derives from what the event is about, so
   * the same event raised twice (by two replicas, or again after a restart) is stored once.
   * Null when it was stored before, or there is no URL.
   */
  async raiseOnce(
    messageId: string,
    accountId: string,
    type: WebhookEventType,
    data: object,
  ): Promise<string | null> {
    return this.store(messageId, accountId, type, data);
  }

  private async store(
    id: string,
    accountId: string,
    type: WebhookEventType,
    data: object,
    url?: string,
  ): Promise<string | null> {
    const to = url ?? (await this.endpoints.urlOf(accountId));
    if (!to) return null;
    // The endpoint (and its secret) exists before anything is signed, whichever URL is used.
    if (url) await this.endpoints.urlOf(accountId);
    const inserted = allRows<{ id: string }>(
      await this.db.query(
        `INSERT INTO gw.webhook_delivery (id, account_id, event_type, url, payload, next_attempt_at)
         VALUES ($1, $2, $3, $4, $5::jsonb, $6)
         ON CONFLICT (id) DO NOTHING RETURNING id`,
        [id, accountId, type, to, JSON.stringify(webhookEvent(type, data)), new Date()],
      ),
    );
    if (inserted.length === 0) return null;
    this.dispatcher.wake();
    return id;
  }

  /**
   * Queues a settled (delivered or failed) delivery again: a new series of attempts under the
   * same message id, so a receiver that did get it can drop the repeat. A pending one is left
   * as it is (it is queued already). False when the account has no delivery with that id.
   */
  async resend(accountId: string, id: string): Promise<boolean> {
    const requeued = allRows<{ id: string }>(
      await this.db.query(
        `UPDATE gw.webhook_delivery
         SET state = 'pending', attempts = 0, first_attempt_at = NULL, next_attempt_at = $3,
             updated_at = now()
         WHERE id = $1 AND account_id = $2 AND state IN ('delivered', 'failed')
         RETURNING id`,
        [id, accountId, new Date()],
      ),
    );
    if (requeued.length > 0) {
      this.dispatcher.wake();
      return true;
    }
    const [found] = (await this.db.query(
      'SELECT 1 FROM gw.webhook_delivery WHERE id = $1 AND account_id = $2',
      [id, accountId],
    )) as unknown[];
    return found !== undefined;
  }

  /** The account's last {@link DELIVERY_LOG_LIMIT} deliveries, newest first. */
  log(accountId: string): Promise<DeliveryLogEntry[]> {
    return deliveryLog(this.db, accountId, DELIVERY_LOG_LIMIT);
  }
}
