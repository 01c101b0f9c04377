import {
  CACHE_BYPASS_HEADER,
  REQUEST_ID_HEADER,
  SANDBOX_HEADER,
  type ReplyEnvelope,
  type ServiceErrorReply,
  type UpstreamCallReport,
} from '@nl/contracts-core';
import { runInRequest, type RequestContext } from '@nl/platform-context';

/** The request context a message's transport headers carry (request id, sandbox flag). */
export function contextFromHeaders(get: (name: string) => string | undefined): RequestContext {
  const requestId = get(REQUEST_ID_HEADER) || undefined;
  return {
    ...(requestId && { requestId }),
    ...(get(SANDBOX_HEADER) === 'true' && { sandbox: true }),
    ...(get(CACHE_BYPASS_HEADER) === 'true' && { cacheBypass: true }),
  };
}

/**
 * Runs a service's handling of one message inside the context its headers carry; the upstream
 * calls made for it are added to `upstreamCalls`. Returns `fn`'s promise itself: no await of its
 * own, so an answer is ready in the same turn as before (answers of one turn are written together).
 */
export function runForMessage<T>(
  get: (name: string) => string | undefined,
  upstreamCalls: UpstreamCallReport[],
  fn: () => T,
): T {
  return runInRequest({ ...contextFromHeaders(get), upstreamCalls }, fn);
}

/** A reply with the upstream calls made for it: in `meta` of an envelope, in `error` else. */
export function withUpstreamCalls(reply: unknown, calls: readonly UpstreamCallReport[]): unknown {
  if (!calls.length || typeof reply !== 'object' || reply === null) return reply;
  const error = (reply as Partial<ServiceErrorReply>).error;
  if (error) return { ...reply, error: { ...error, upstreams: calls } };
  const meta = (reply as Partial<ReplyEnvelope>).meta;
  return meta ? { ...reply, meta: { ...meta, upstreams: calls } } : reply;
}
