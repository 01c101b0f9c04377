import { Injectable } from '@nestjs/common';
import { newWebhookSecret } from '@nl/platform-webhooks';
import { DataSource } from 'typeorm';

/** After a rotation the previous secret signs too for this long, so receivers can switch. */
export const PREVIOUS_SECRET_VALID_MS = 24 * 3600_000;

/** An account's endpoint as its owner may see it: never a whole secret. */
export interface EndpointSettings {
  readonly url: string | null;
  /** The last 4 characters of the current secret, to tell secrets apart. */
  readonly secretHint: string;
  /** Until when the previous secret still signs, or null when none does. */
  readonly previousValidUntil: Date | null;
}

interface EndpointRow {
  url: string | null;
  secret: string;
  previous_secret: string | null;
  previous_until: Date | null;
}

const stillValid = (row: EndpointRow, now: number) =>
  row.previous_secret !== null &&
  row.previous_until !== null &&
  new Date(row.previous_until).getTime() > now;

/**
 * The accounts' webhook endpoints: one row per account, made the first time the account needs
 * a secret (registering a URL, an event raised, a look at its settings), so a secret exists
 * before anything is signed with it and never changes unless its owner rotates it.
 */
@Injectable()
export class WebhookEndpoints {
  constructor(private readonly db: DataSource) {}

  /** The account's endpoint, made with a fresh secret if it has none yet. */
  private async ensure(accountId: string): Promise<EndpointRow> {
    await this.db.query(
      `INSERT INTO gw.webhook_endpoint (account_id, secret) VALUES ($1, $2)
       ON CONFLICT (account_id) DO NOTHING`,
      [accountId, newWebhookSecret()],
    );
    const [row] = (await this.db.query(
      `SELECT url, secret, previous_secret, previous_until FROM gw.webhook_endpoint
       WHERE account_id = $1`,
      [accountId],
    )) as EndpointRow[];
    return row;
  }

  async settings(accountId: string, now = Date.now()): Promise<EndpointSettings> {
    const row = await this.ensure(accountId);
    return {
      url: row.url,
      secretHint: row.secret.slice(-4),
      previousValidUntil: stillValid(row, now) ? new Date(row.previous_until as Date) : null,
    };
  }

  /** The registered URL (null when none), making the endpoint and its secret if need be. */
  async urlOf(accountId: string): Promise<string | null> {
    return (await this.ensure(accountId)).url;
  }

  /** The secrets an attempt is signed with now: the current one, and the previous while valid. */
  async secretsOf(accountId: string, now = Date.now()): Promise<string[]> {
    const row = await this.ensure(accountId);
    return stillValid(row, now) ? [row.secret, row.previous_secret as string] : [row.secret];
  }

  /**
   * Registers `url` (checked by the caller), or clears it with null. Pending deliveries that
   * were addressed to the URL it replaces follow it: their next attempts go to the new URL (an
   * owner fixing a moved endpoint gets the retries there), or, when it is cleared, they are
   * given up, since their owner asked for nothing more to be sent. A delivery raised with a URL
   * of its own keeps it.
   */
  async setUrl(accountId: string, url: string | null): Promise<void> {
    const { url: before } = await this.ensure(accountId);
    await this.db.query(
      'UPDATE gw.webhook_endpoint SET url = $2, updated_at = now() WHERE account_id = $1',
      [accountId, url],
    );
    if (before === null || before === url) return;
    await this.db.query(
      url === null
        ? `UPDATE gw.webhook_delivery
           SET state = 'failed', next_attempt_at = NULL, updated_at = now(),
               last_error = 'the webhook URL was removed before an attempt succeeded'
           WHERE account_id = $1 AND state = 'pending' AND url = $2`
        : `UPDATE gw.webhook_delivery SET url = $3, updated_at = now()
           WHERE account_id = $1 AND state = 'pending' AND url = $2`,
      url === null ? [accountId, before] : [accountId, before, url],
    );
  }

  /**
   * A new secret; the current one becomes the previous and keeps signing for
   * {@link PREVIOUS_SECRET_VALID_MS}. A second rotation within that time drops the oldest.
   */
  async rotate(accountId: string, now = Date.now()): Promise<{ secret: string; until: Date }> {
    await this.ensure(accountId);
    const secret = newWebhookSecret();
    const until = new Date(now + PREVIOUS_SECRET_VALID_MS);
    await this.db.query(
      `UPDATE gw.webhook_endpoint
       SET previous_secret = secret, previous_until = $3, secret = $2, updated_at = now()
       WHERE account_id = $1`,
      [accountId, secret, until],
    );
    return { secret, until };
  }
}
