import { createHmac, randomBytes, randomUUID } from 'node:crypto';

/**
 * Signing per the Standard Webhooks spec (standardwebhooks.com), so a receiver can verify our
 * calls with any of its libraries. A secret is `whsec_` + base64 of random bytes; the HMAC key is
 * those bytes, not the text.
 */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

/** 32 random bytes: above the spec's 24-byte minimum and the size of an HMAC-SHA256 block's output. */
const SECRET_BYTES = 32;
const MIN_SECRET_BYTES = 24;

/** A fresh signing secret for one webhook endpoint, shown to its owner once. */
export function newWebhookSecret(): string {
  return WEBHOOK_SECRET_PREFIX + randomBytes(SECRET_BYTES).toString('base64');
}

/**
 * A message id: the same for every attempt at one message, so a receiver that saw an earlier
 * attempt succeed (while we saw a timeout) can drop the repeat.
 */
export function newWebhookMessageId(): string {
  return `msg_${randomUUID().replaceAll('-', '')}`;
}

/** The key bytes of a secret; a malformed one is a programming error, not a customer's. */
function secretKey(secret: string): Buffer {
  const body = secret.startsWith(WEBHOOK_SECRET_PREFIX)
    ? secret.slice(WEBHOOK_SECRET_PREFIX.length)
    : '';
  const key = Buffer.from(body, 'base64');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(body) || key.length < MIN_SECRET_BYTES)
    throw new TypeError(
      `a webhook secret is "${WEBHOOK_SECRET_PREFIX}" + base64 of at least ${MIN_SECRET_BYTES} bytes`,
    );
  return key;
}

/** One `v1,<base64>` signature of `id.timestamp.body` under one secret. */
export function webhookSignature(
  secret: string,
  messageId: string,
  timestamp: number,
  body: string,
): string {
  const hmac = createHmac('sha256', secretKey(secret)).update(`${messageId}.${timestamp}.${body}`);
  return `v1,${hmac.digest('base64')}`;
}

export interface WebhookHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

/**
 * The three signature headers of one attempt. During a secret rotation `secrets` holds the new
 * secret and the previous one: the header then carries both signatures, space-separated, so a
 * receiver still on the old secret keeps verifying until it switches.
 */
export function signWebhook(
  secrets: readonly string[],
  messageId: string,
  timestamp: number,
  body: string,
): WebhookHeaders {
  if (secrets.length === 0) throw new TypeError('a webhook needs at least one secret to sign with');
  if (!Number.isSafeInteger(timestamp)) throw new TypeError('webhook timestamps are unix seconds');
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': secrets
      .map((secret) => webhookSignature(secret, messageId, timestamp, body))
      .join(' '),
  };
}
