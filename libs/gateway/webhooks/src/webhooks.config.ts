import { defineConfigSection } from '@nl/platform-config';
import { DomainError } from '@nl/platform-errors';
import {
  ALLOW_LOOPBACK_FOR_TESTS,
  checkWebhookUrl,
  WebhookUrlRefused,
  type DestinationOptions,
} from '@nl/platform-webhooks';

export interface WebhookSettings {
  /** Receivers on 127.0.0.1 over plain http are allowed: for tests, never in production. */
  readonly allowLoopback: boolean;
  /** Every wait of the retry schedule (and its 24-hour window) is multiplied by this. */
  readonly retryScale: number;
}

/** The gateway's webhook variables. */
export const WEBHOOKS_CONFIG = defineConfigSection<WebhookSettings>(
  'webhooks',
  [
    {
      name: 'WEBHOOKS_ALLOW_LOOPBACK',
      description:
        'For tests only: `true` lets webhooks go to receivers on 127.0.0.1 and ::1 over plain http. Every other private, link-local or reserved address stays refused. Never set it in production.',
      default: 'false',
    },
    {
      name: 'WEBHOOK_RETRY_SCALE',
      description:
        'Multiplies the waits between webhook attempts (5 s, 5 min, 30 min, 2 h, 5 h, 10 h) and the 24-hour window they fit in; tests use e.g. 0.001 so the schedule runs in milliseconds.',
      default: '1',
    },
  ],
  (read) => {
    const loopback = read.string('WEBHOOKS_ALLOW_LOOPBACK');
    if (loopback !== 'true' && loopback !== 'false')
      read.problem('WEBHOOKS_ALLOW_LOOPBACK must be true or false');
    return {
      allowLoopback: loopback === 'true',
      retryScale: read.number('WEBHOOK_RETRY_SCALE', 0.00001, 1, true),
    };
  },
);

/** How an attempt may reach its URL under these settings. */
export function destinationOptions(settings: WebhookSettings): DestinationOptions {
  return settings.allowLoopback ? { allowLoopbackForTests: ALLOW_LOOPBACK_FOR_TESTS } : {};
}

/**
 * Checks a URL its owner registers as every attempt will (checkWebhookUrl): a refused one is
 * `400 validation_failed` on `url`, with the refusal's `reason`.
 */
export async function checkRegisteredUrl(url: string, settings: WebhookSettings): Promise<void> {
  try {
    await checkWebhookUrl(url, destinationOptions(settings));
  } catch (error) {
    if (!(error instanceof WebhookUrlRefused)) throw error;
    throw new DomainError('validation_failed', `This webhook URL is refused: ${error.message}`, {
      errors: [{ field: 'url', message: error.message }],
      members: { reason: error.reason },
    });
  }
}
