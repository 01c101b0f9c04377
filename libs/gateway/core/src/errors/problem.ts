import { STATUS_CODES } from 'node:http';
import {
  ERROR_CODES,
  PROBLEM_TYPE_PREFIX,
  type ErrorCode,
  type FieldError,
  type ProblemDetails,
} from '@nl/contracts-core';
import type { FastifyReply } from 'fastify';
import type { DomainError } from '@nl/platform-errors';
import { maskApiKeys } from '@nl/platform-logging';
import { ERROR_STATUS } from './error-status.js';

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

export interface ProblemInput {
  code: ErrorCode;
  detail?: string;
  instance: string;
  requestId: string;
  errors?: readonly FieldError[];
  errorId?: string;
  /** Extension members (RFC 9457, section 3.2); never one of the standard members. */
  members?: Readonly<Record<string, unknown>>;
}

/** An RFC 9457 body for a coded error. */
export function problem(input: ProblemInput): ProblemDetails {
  const status = ERROR_STATUS[input.code];
  return {
    ...input.members,
    type: `${PROBLEM_TYPE_PREFIX}${input.code}`,
    title: STATUS_CODES[status] ?? 'Error',
    status,
    detail: input.detail ?? ERROR_CODES[input.code],
    // The path as sent, except an API key a caller put in it: never echoed back.
    instance: maskApiKeys(input.instance),
    code: input.code,
    requestId: input.requestId,
    ...(input.errors && { errors: [...input.errors] }),
    ...(input.errorId && { errorId: input.errorId }),
  };
}

/**
 * Sends a coded error: the spec-defined body where the error carries one (e.g. `{found:false}`),
 * otherwise problem+json. `Retry-After` when the error says when to retry.
 */
export async function sendError(
  reply: FastifyReply,
  error: DomainError,
  instance: string,
  requestId: string,
): Promise<void> {
  const status = ERROR_STATUS[error.code];
  // An error is about this request only; a 402 must never be replayed from a cache.
  if (reply.getHeader('cache-control') === undefined)
    void reply.header('cache-control', 'no-store');
  const retryAfter = error.extra.retryAfterSeconds;
  if (retryAfter !== undefined) void reply.header('retry-after', String(retryAfter));
  if (error.extra.body !== undefined) {
    await reply
      .code(status)
      .header('content-type', 'application/json; charset=utf-8')
      .send(error.extra.body);
    return;
  }
  const body = problem({
    code: error.code,
    detail: error.message,
    instance,
    requestId,
    errors: error.extra.errors,
    errorId: error.extra.errorId,
    members: error.extra.members,
  });
  await reply.code(status).header('content-type', PROBLEM_CONTENT_TYPE).send(body);
}
