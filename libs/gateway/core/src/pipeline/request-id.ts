import { REQUEST_ID_PATTERN } from '@nl/contracts-core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
const HEADER = 'x-request-id';

/**
 * The caller's `X-Request-Id` when it is a sane token, else a new UUID; set on the reply once,
 * so every later step and the error filters see the same id.
 */
export function requestIdOf(request: FastifyRequest, reply: FastifyReply): string {
  const existing = reply.getHeader(HEADER);
  if (typeof existing === 'string') return existing;
  const incoming = request.headers[HEADER];
  const id =
    typeof incoming === 'string' && REQUEST_ID_PATTERN.test(incoming) ? incoming : randomUUID();
  void reply.header(HEADER, id);
  return id;
}
