import { Injectable } from '@nestjs/common';
import { InjectConfig } from '@nl/platform-config';
import { DomainError } from '@nl/platform-errors';
import { checkWebhookUrl, WebhookUrlRefused } from '@nl/platform-webhooks';
import { destinationOptions, WEBHOOKS_CONFIG, type WebhookSettings } from '@nl/gateway-webhooks';

/**
 * A job's own webhook URL, checked when the job is taken (https, a public address, no
 * credentials): a refused one is a 400 with the reason, before anything is reserved. The same
 * check runs again before every delivery (the address may change).
 */
@Injectable()
export class BatchWebhookUrls {
  constructor(@InjectConfig(WEBHOOKS_CONFIG) private readonly settings: WebhookSettings) {}

  async check(url: unknown): Promise<string | null> {
    if (url === undefined || url === null || url === '') return null;
    if (typeof url !== 'string' || url.length > 2048)
      throw new DomainError(
        'bad_request',
        '"webhook_url" must be an https URL of at most 2048 characters.',
      );
    try {
      await checkWebhookUrl(url, destinationOptions(this.settings));
    } catch (error) {
      if (!(error instanceof WebhookUrlRefused)) throw error;
      throw new DomainError('bad_request', `"webhook_url" is refused: ${error.message}.`, {
        members: { reason: error.reason },
      });
    }
    return url;
  }
}
