import { REQUEST_ID_HEADER, SANDBOX_HEADER } from '@nl/contracts-core';
import { runInRequest, type RequestContext } from '@nl/platform-context';

/** The request context a message's transport headers carry (request id, sandbox flag). */
export function contextFromHeaders(get: (name: string) => string | undefined): RequestContext {
  const requestId = get(REQUEST_ID_HEADER) || undefined;
  return {
    ...(requestId && { requestId }),
    ...(get(SANDBOX_HEADER) === 'true' && { sandbox: true }),
  };
}

/** Runs a service's handling of one message inside the context its headers carry. */
export function runForMessage<T>(get: (name: string) => string | undefined, fn: () => T): T {
  const context = contextFromHeaders(get);
  return context.requestId || context.sandbox ? runInRequest(context, fn) : fn();
}
