import { counter, histogram } from '@nl/platform-health';
import type { Logger } from '@nl/platform-logging';
import type { FastifyRequest } from 'fastify';

const requests = counter({
  name: 'gateway_requests_total',
  help: 'Gateway requests by endpoint, status and cache state.',
  labelNames: ['endpoint', 'status', 'cache'] as const,
});
const paymentRequired = counter({
  name: 'gateway_payment_required_total',
  help: 'Answers 402 by endpoint and code (insufficient_credits, spend_cap_reached, payment_required: x402).',
  labelNames: ['endpoint', 'code'] as const,
});
const duration = histogram({
  name: 'gateway_request_duration_seconds',
  help: 'Gateway request duration by endpoint.',
  labelNames: ['endpoint'] as const,
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 15],
});

/**
 * The status logged and counted for a request whose client closed the connection before it was
 * complete (nginx's "client closed request"): nothing was answered.
 */
export const CLIENT_CLOSED = 499;

/** One answer as the access log has it. */
export interface AccessLine {
  readonly endpoint: string;
  readonly method: string;
  readonly path: string;
  readonly status: number;
  readonly cache: string;
  readonly seconds: number;
  readonly sandbox?: boolean;
  /** The client went away before its request was complete. */
  readonly aborted?: boolean;
}

/** Counts one answer in the HTTP metrics: by endpoint, status and cache state, and its duration. */
export function countAnswer(
  endpoint: string,
  status: number,
  cache: string,
  seconds: number,
  code: string | undefined,
): void {
  requests.inc({ endpoint, status: String(status), cache });
  if (status === 402) paymentRequired.inc({ endpoint, code: code ?? 'unknown' });
  duration.observe({ endpoint }, seconds);
}

/** The access-log line of one answer (info). */
export function logAnswer(logger: Logger, line: AccessLine): void {
  logger.info(
    {
      endpoint: line.endpoint,
      method: line.method,
      path: line.path,
      status: line.status,
      cache: line.cache,
      ...(line.sandbox && { sandbox: true }),
      ...(line.aborted && { aborted: true }),
      ms: Math.round(line.seconds * 10_000) / 10,
    },
    'request',
  );
}

declare module 'fastify' {
  interface FastifyRequest {
    /** `performance.now()` when the gateway's edge first saw the request; 0 before. */
    receivedAt: number;
  }
}

/** Seconds since the edge received `request` (0 for one it never stamped). */
export function secondsSince(request: FastifyRequest): number {
  const receivedAt = request.receivedAt;
  return receivedAt ? (performance.now() - receivedAt) / 1000 : 0;
}

/**
 * What the metrics and the access log call the route of `request`: the catalog endpoint's id
 * (its route config carries it), else the route as declared (`/admin/accounts/:id`), else
 * `unrouted` (a path no route has).
 */
export function endpointLabel(request: FastifyRequest): string {
  const route = request.routeOptions as
    { config?: { endpoint?: string }; url?: string } | undefined;
  return route?.config?.endpoint ?? route?.url ?? 'unrouted';
}

/**
 * Logs and counts an answer the pipeline did not give: a refusal before any endpoint's code
 * ran (a body over the limit, a bad query, a second Host header, a shutting-down gateway, an
 * unknown route) or an error of a route outside the catalog.
 */
export function recordAnswer(
  logger: Logger,
  request: FastifyRequest,
  requestId: string,
  status: number,
  code?: string,
): void {
  const endpoint = endpointLabel(request);
  const seconds = secondsSince(request);
  countAnswer(endpoint, status, 'none', seconds, code);
  // Outside the pipeline no request context names it: the line does.
  if (logger.isLevelEnabled('info'))
    logAnswer(logger.child({ requestId }), {
      endpoint,
      method: request.method,
      path: request.url,
      status,
      cache: 'none',
      seconds,
      aborted: status === CLIENT_CLOSED,
    });
}
