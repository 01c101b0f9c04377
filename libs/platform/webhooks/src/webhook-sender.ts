import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import {
  ALLOW_LOOPBACK_FOR_TESTS,
  checkWebhookUrl,
  WebhookUrlRefused,
  type CheckedDestination,
  type DestinationOptions,
  type WebhookUrlRefusal,
} from './webhook-destination.js';
import { parseRetryAfter } from './retry-after.js';
import { newWebhookMessageId, signWebhook } from './webhook-signature.js';

export interface DeliverOptions extends DestinationOptions {
  /** Reuse the id of the message being retried; a first attempt gets a fresh one. */
  messageId?: string;
  /** Whole attempt, connection to last byte read (default 10 s). */
  timeoutMs?: number;
  /** How much of the receiver's answer is kept (default 4 KiB); the rest is not read. */
  maxResponseBytes?: number;
  now?: () => Date;
}

interface AttemptFacts {
  messageId: string;
  attemptedAt: Date;
  durationMs: number;
}

/** What one attempt came to; never thrown, so a caller records every attempt the same way. */
export type DeliveryOutcome = AttemptFacts &
  (
    | { outcome: 'delivered'; status: number; body: string }
    | {
        outcome: 'http_error';
        status: number;
        body: string;
        /** A redirect's target, reported but never followed. */
        location?: string;
        /** From a Retry-After header, in ms from the attempt. */
        retryAfterMs?: number;
      }
    | { outcome: 'network_error'; error: string }
    | { outcome: 'timeout'; timeoutMs: number }
    | { outcome: 'refused'; reason: WebhookUrlRefusal; error: string }
  );

type Settled = DeliveryOutcome extends infer O
  ? O extends DeliveryOutcome
    ? Omit<O, keyof AttemptFacts>
    : never
  : never;

const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_MAX_RESPONSE_BYTES = 4096;

function answer(res: IncomingMessage, body: string, now: Date): Settled {
  const status = res.statusCode ?? 0;
  if (status >= 200 && status < 300) return { outcome: 'delivered', status, body };
  const retryAfterMs = parseRetryAfter(res.headers['retry-after'], now);
  return {
    outcome: 'http_error',
    status,
    body,
    ...(res.headers.location ? { location: res.headers.location } : {}),
    ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
  };
}

/**
 * One POST to the address that was checked. The socket goes to that IP; the name stays in SNI,
 * in the certificate check and in the Host header, so TLS still proves who we talk to.
 * Redirects are not followed (node's request never does): a 3xx is an answer like any other.
 */
function post(
  target: CheckedDestination,
  ca: string | undefined,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
  maxBytes: number,
  attemptedAt: Date,
): Promise<Settled> {
  const { url, hostname, address } = target;
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    let settled: Settled | undefined;
    const settle = (result: Settled) => {
      settled ??= result;
      clearTimeout(timer);
      req.destroy();
      resolve(settled);
    };
    const req = request({
      host: address,
      port: url.port || undefined,
      path: `${url.pathname}${url.search}`,
      method: 'POST',
      agent: false,
      // Node would take SNI from the Host header too; said outright so it never depends on that.
      ...(isIP(hostname) ? {} : { servername: hostname }),
      ...(ca ? { ca } : {}),
      headers: { ...headers, host: url.host, 'content-length': String(Buffer.byteLength(body)) },
    });
    const timer = setTimeout(() => settle({ outcome: 'timeout', timeoutMs }), timeoutMs);
    req.on('error', (error) => settle({ outcome: 'network_error', error: error.message }));
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const done = () => settle(answer(res, Buffer.concat(chunks).toString('utf8'), attemptedAt));
      res.on('data', (chunk: Buffer) => {
        if (settled) return;
        chunks.push(chunk.subarray(0, Math.max(0, maxBytes - size)));
        size += chunk.length;
        if (size >= maxBytes) done();
      });
      res.on('end', done);
      res.on('error', done);
      // Past the status line the receiver has answered: a slow body no longer makes a timeout.
      clearTimeout(timer);
      setTimeout(done, timeoutMs).unref();
    });
    req.end(body);
  });
}

/**
 * Sends one signed webhook attempt: checks the URL (see checkWebhookUrl), signs the JSON body
 * with every secret given (current first, then the one being rotated out) and POSTs it.
 */
export async function deliver(
  url: string,
  payload: object,
  secrets: readonly string[],
  options: DeliverOptions = {},
): Promise<DeliveryOutcome> {
  const attemptedAt = options.now?.() ?? new Date();
  const started = performance.now();
  const messageId = options.messageId ?? newWebhookMessageId();
  const body = JSON.stringify(payload);
  const signed = signWebhook(secrets, messageId, Math.floor(attemptedAt.getTime() / 1000), body);
  const facts = () => ({
    messageId,
    attemptedAt,
    durationMs: Math.round(performance.now() - started),
  });
  let target: CheckedDestination;
  try {
    target = await checkWebhookUrl(url, options);
  } catch (error) {
    if (!(error instanceof WebhookUrlRefused)) throw error;
    return { ...facts(), outcome: 'refused', reason: error.reason, error: error.message };
  }
  const headers = {
    ...signed,
    'content-type': 'application/json',
    'user-agent': 'nl-data-api-webhooks/1',
  };
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  const ca =
    options.allowLoopbackForTests === ALLOW_LOOPBACK_FOR_TESTS ? options.caForTests : undefined;
  const settled = await post(target, ca, headers, body, timeoutMs, maxBytes, attemptedAt);
  return { ...facts(), ...settled } as DeliveryOutcome;
}
