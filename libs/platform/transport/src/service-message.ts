import { NatsContext, type Server } from '@nestjs/microservices';
import {
  CACHE_BYPASS_HEADER,
  ERROR_CODES,
  REQUEST_ID_HEADER,
  REQUEST_ID_PATTERN,
  SANDBOX_HEADER,
  isErrorCode,
  isRpcErrorPayload,
  type ErrorCode,
  type FieldError,
  type RpcErrorPayload,
  type ServiceErrorReply,
  type UpstreamCallReport,
} from '@nl/contracts-core';
import { DomainError } from '@nl/platform-errors';
import type { Logger } from '@nl/platform-logging';
import { randomUUID } from 'node:crypto';
import { firstValueFrom, isObservable } from 'rxjs';
import { runForMessage, withUpstreamCalls } from './request-headers.js';

/**
 * The codes a service answers on any subject, whatever its handler does: a message that is not
 * JSON (`bad_request`), one that is not an object of the subject's DTO or carries a malformed
 * header (`validation_failed`), and a failure of ours (`internal`, with an `errorId`).
 */
export const TRANSPORT_ERROR_CODES = [
  'bad_request',
  'validation_failed',
  'internal',
] as const satisfies readonly ErrorCode[];

/** Where a message's handler is looked up: a transport server. */
export type HandlerSource = Pick<Server, 'getHandlerByPattern'>;

/** Reads a message's header by its (lower-case) name. */
export type HeaderLookup = (name: string) => string | undefined;

export const errorReply = (error: RpcErrorPayload): ServiceErrorReply => ({ error });

const invalid = (errors: FieldError[]) => errorReply(DomainError.validation(errors).toPayload());

/** The header errors of a message: both documented headers are optional but must be sane. */
function headerErrors(get: HeaderLookup): FieldError[] {
  const errors: FieldError[] = [];
  const requestId = get(REQUEST_ID_HEADER);
  if (requestId && !REQUEST_ID_PATTERN.test(requestId))
    errors.push({
      field: REQUEST_ID_HEADER,
      message: `${REQUEST_ID_HEADER} must be 8 to 128 letters, digits or . _ : -`,
    });
  for (const flag of [SANDBOX_HEADER, CACHE_BYPASS_HEADER]) {
    const value = get(flag);
    if (value && value !== 'true' && value !== 'false')
      errors.push({ field: flag, message: `${flag} must be true or false` });
  }
  return errors;
}

/** A message whose payload could not be read: the reason for the caller. */
export class UnreadableMessage extends Error {}

/**
 * Answers one request message of a service, on either transport: the reply message as the
 * caller receives it, `{data, meta}` (or the status of `<queue>.status`) or `{error}`. Nothing
 * runs for a message that is not a JSON object or has a malformed header: it is answered with
 * the error at once. `read` gives the payload (throwing {@link UnreadableMessage} when it is not
 * JSON); `headers` is what the handler's context carries.
 */
export async function answerMessage(
  server: HandlerSource,
  subject: string,
  read: () => unknown,
  get: HeaderLookup,
  headers: unknown,
  log: Logger | undefined,
): Promise<unknown> {
  const handler = server.getHandlerByPattern(subject);
  if (!handler)
    return errorReply({ code: 'bad_request', message: `This service has no subject ${subject}.` });
  const wrongHeaders = headerErrors(get);
  if (wrongHeaders.length) return invalid(wrongHeaders);
  let message: unknown;
  try {
    message = read();
  } catch (error) {
    if (!(error instanceof UnreadableMessage)) throw error;
    return errorReply({ code: 'bad_request', message: error.message });
  }
  if (typeof message !== 'object' || message === null || Array.isArray(message))
    return invalid([{ field: '(body)', message: 'the input must be a JSON object' }]);
  const upstreamCalls: UpstreamCallReport[] = [];
  try {
    const reply = await runForMessage(get, upstreamCalls, async () => {
      const result: unknown = await handler(message, new NatsContext([subject, headers as never]));
      return isObservable(result) ? firstValueFrom(result) : result;
    });
    if (reply === undefined) throw new Error(`the handler of ${subject} answered nothing`);
    return withUpstreamCalls(reply, upstreamCalls);
  } catch (error) {
    return withUpstreamCalls(errorReply(failure(error, subject, log)), upstreamCalls);
  }
}

/**
 * What crosses the wire for a failure: a coded error as it is (the exception filter made it of
 * a thrown `DomainError`); anything else logged with an `errorId` and answered `internal`.
 */
export function failure(error: unknown, subject: string, log: Logger | undefined): RpcErrorPayload {
  if (error instanceof DomainError) return error.toPayload();
  if (isRpcErrorPayload(error) && isErrorCode(error.code)) return error;
  const errorId = randomUUID();
  log?.error({ err: error, errorId, subject }, 'could not answer a message');
  return { code: 'internal', message: ERROR_CODES.internal, errorId };
}
