import { headers as natsHeaders, type Msg } from '@nats-io/transport-node';
import { ERROR_CODE_HEADER, isServiceErrorReply } from '@nl/contracts-core';
import type { Logger } from '@nl/platform-logging';
import {
  UnreadableMessage,
  answerMessage,
  errorReply,
  failure,
  type HandlerSource,
} from './service-message.js';

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** A request's payload: UTF-8 JSON, else {@link UnreadableMessage} saying what is wrong. */
export function readJson(data: Uint8Array): unknown {
  if (!data.length) throw new UnreadableMessage('The message is empty; send a JSON object.');
  let text: string;
  try {
    text = utf8.decode(data);
  } catch {
    throw new UnreadableMessage('The message is not UTF-8 text; send a JSON object.');
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new UnreadableMessage(`The message is not JSON (${(error as Error).message}).`);
  }
}

/**
 * Answers one NATS request of a service in the documented format: the reply is the JSON of
 * `{data, meta}` (or `{error}` with the code in the `x-error-code` header too).
 */
export async function answerNatsMessage(
  server: HandlerSource,
  subject: string,
  message: Msg,
  log: Logger,
): Promise<void> {
  const get = (name: string) => message.headers?.get(name) || undefined;
  const reply = await answerMessage(
    server,
    subject,
    () => readJson(message.data),
    get,
    message.headers,
    log,
  );
  if (send(message, reply, subject, log)) return;
  // Not sendable (not JSON, or larger than the server takes): the caller still gets an answer.
  send(message, errorReply(failure(new Error('unsendable reply'), subject, log)), subject, log);
}

function send(message: Msg, reply: unknown, subject: string, log: Logger): boolean {
  try {
    const text = JSON.stringify(reply);
    if (!isServiceErrorReply(reply)) return message.respond(text);
    const headers = natsHeaders();
    headers.set(ERROR_CODE_HEADER, reply.error.code);
    return message.respond(text, { headers });
  } catch (error) {
    log.error({ err: error, subject }, 'could not send a reply');
    return false;
  }
}

/** How often a subject's messages without a reply subject are logged: once a minute at most. */
const NO_REPLY_LOG_MS = 60_000;
const unanswerable = new WeakMap<Logger, Map<string, { at: number; dropped: number }>>();

/**
 * A message without a reply subject cannot be answered: it is dropped before any handler runs,
 * so a fire-and-forget publish never reaches an upstream (a caller that waits for an answer
 * would time out and retry). Logged at warn once a minute per subject, with the count since.
 */
export function refusedWithoutReply(subject: string, log: Logger): void {
  let subjects = unanswerable.get(log);
  if (!subjects) unanswerable.set(log, (subjects = new Map()));
  const seen = subjects.get(subject) ?? { at: -Infinity, dropped: 0 };
  seen.dropped++;
  subjects.set(subject, seen);
  const now = performance.now();
  if (now - seen.at < NO_REPLY_LOG_MS) return;
  log.warn(
    { subject, dropped: seen.dropped },
    'dropped messages without a reply subject: send NATS requests, not publishes',
  );
  seen.at = now;
  seen.dropped = 0;
}
