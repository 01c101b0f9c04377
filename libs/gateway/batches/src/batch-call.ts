import type { EndpointDefinition, ErrorCode } from '@nl/contracts-core';
import { ERROR_STATUS, problem } from '@nl/gateway-core';
import { priceOf } from '@nl/gateway-ledger';
import { DomainError } from '@nl/platform-errors';
import type { ServiceClient } from '@nl/platform-transport';

/** What one item's call came to, as the single call would have answered it. */
export type CallResult =
  | {
      readonly ok: true;
      readonly status: 200;
      readonly price: number;
      readonly cache: 'HIT' | 'MISS' | 'STALE';
      readonly source: string;
      readonly data: unknown;
    }
  | {
      readonly ok: false;
      readonly status: number;
      readonly code: string;
      /** The body the single call would have got: the spec's own, or problem+json. */
      readonly body: unknown;
      /** A passing failure of the source: worth another attempt after a wait. */
      readonly passing: boolean;
    };

const CACHE = { hit: 'HIT', miss: 'MISS', stale: 'STALE' } as const;

/** Failures that may pass: the source or the service was away or slow, or asked us to slow down. */
const PASSING = new Set([
  'upstream_unavailable',
  'upstream_timeout',
  'gateway_timeout',
  'rate_limited',
  'service_unavailable',
  'transport_unavailable',
  'database_unavailable',
  'shutting_down',
]);

/**
 * Calls the item's endpoint over the transport, as the gateway's pipeline does for a single
 * call (same subject, timeout, request id and sandbox flag), and reads the answer as that call
 * would: a reply is a 200 at its cache state's price; an error its status and body, free.
 */
export async function callItem(
  services: ServiceClient,
  endpoint: EndpointDefinition,
  params: Record<string, unknown>,
  requestId: string,
  sandbox: boolean,
): Promise<CallResult> {
  try {
    const envelope = await services.call(endpoint, params as never, { requestId, sandbox });
    return {
      ok: true,
      status: 200,
      price: sandbox ? 0 : priceOf(endpoint.price, envelope.meta),
      cache: CACHE[envelope.meta.cache],
      source: envelope.meta.source,
      data: envelope.data,
    };
  } catch (caught) {
    const error =
      caught instanceof DomainError
        ? caught
        : new DomainError('internal', 'The item could not be answered.');
    const status = ERROR_STATUS[error.code] ?? 500;
    const passing =
      PASSING.has(error.code) || (status === 503 && error.extra.retryAfterSeconds !== undefined);
    return {
      ok: false,
      status,
      code: error.code,
      body: errorBody(error, endpoint, requestId),
      passing,
    };
  }
}

/** The body the single call would have got: the spec's own, or problem+json. */
function errorBody(error: DomainError, endpoint: EndpointDefinition, requestId: string): unknown {
  return (
    error.extra.body ??
    problem({
      code: error.code,
      detail: error.message,
      instance: endpoint.paths[0],
      requestId,
      errors: error.extra.errors,
      members: error.extra.members,
    })
  );
}

/** An item that fails without a call (status, the problem body), as the single call would. */
export function callFailed(
  code: ErrorCode,
  detail: string,
  endpoint: EndpointDefinition,
  requestId: string,
): { state: 'failed'; status: number; answer: unknown } {
  return {
    state: 'failed',
    status: ERROR_STATUS[code],
    answer: errorBody(new DomainError(code, detail), endpoint, requestId),
  };
}
