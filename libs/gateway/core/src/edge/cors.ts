import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';

/**
 * Browsers may call the public API (`/v1/…`, and the catalog's `/api/v1/…` aliases); the
 * dashboard, `/admin` and the docs stay same-origin.
 */
const API_PREFIXES = ['/v1/', '/api/v1/'] as const;

const isApi = (url: string) => url.startsWith(API_PREFIXES[0]) || url.startsWith(API_PREFIXES[1]);

/** Every method of a catalog or account endpoint. */
export const CORS_ALLOWED_METHODS = 'GET, HEAD, POST';

/** The request headers the API reads that are not CORS-safelisted. */
export const CORS_ALLOWED_HEADERS = [
  'X-Api-Key',
  'Authorization',
  'Content-Type',
  'X-Request-Id',
  'Payment-Signature',
].join(', ');

/**
 * The answer headers a browser client needs to read beyond the safelisted ones: limits,
 * credits, cache state, the request id, the sandbox mark and the x402 payment headers.
 */
export const CORS_EXPOSED_HEADERS = [
  'RateLimit-Limit',
  'RateLimit-Remaining',
  'RateLimit-Reset',
  'RateLimit-Policy',
  'RateLimit',
  'Retry-After',
  'X-Credits-Charged',
  'X-Credits-Remaining',
  'X-Cache',
  'X-Source',
  'Age',
  'X-Request-Id',
  'X-Sandbox',
  'Payment-Required',
  'Payment-Response',
  'WWW-Authenticate',
].join(', ');

/** How long a browser may reuse a preflight's answer, in seconds (Chromium caps it at 2 hours). */
export const CORS_MAX_AGE = '7200';

/**
 * A call from a web page (it carries `Origin`) is answered with that origin in
 * `Access-Control-Allow-Origin` and the exposed headers, whatever its outcome: a page can read
 * its data and its errors alike (`401`, `429`, `403 origin_not_allowed`). Which origins may use
 * a key is the key's rule, checked after authentication; this only lets the browser see the
 * answer. No cookies are involved, so no `Access-Control-Allow-Credentials`.
 */
function corsHeaders(
  request: FastifyRequest,
  reply: FastifyReply,
  done: HookHandlerDoneFunction,
): void {
  const origin = request.headers.origin;
  // A preflight is answered by the OPTIONS route (answerPreflight).
  if (origin !== undefined && request.method !== 'OPTIONS' && isApi(request.url))
    void reply
      .header('access-control-allow-origin', origin)
      .header('access-control-expose-headers', CORS_EXPOSED_HEADERS)
      .header('vary', 'Origin');
  done();
}

/**
 * Answers a preflight (`OPTIONS` with `Origin` and `Access-Control-Request-Method`) to the API
 * from any origin: `204` with what a call may use, before and without any authentication, rate
 * limit or charge (a browser sends no credentials with it). False for any other request, which
 * is left unanswered.
 */
export function answerPreflight(request: FastifyRequest, reply: FastifyReply): boolean {
  const origin = request.headers.origin;
  if (
    origin === undefined ||
    request.headers['access-control-request-method'] === undefined ||
    !isApi(request.url)
  )
    return false;
  void reply
    .header('access-control-allow-origin', origin)
    .header('access-control-allow-methods', CORS_ALLOWED_METHODS)
    .header('access-control-allow-headers', CORS_ALLOWED_HEADERS)
    .header('access-control-max-age', CORS_MAX_AGE)
    .header('vary', 'Origin')
    .code(204)
    .send();
  return true;
}

/**
 * CORS for the public API: the allow and expose headers on every API answer to a page (the
 * OPTIONS route of options.ts answers preflights with answerPreflight). Written as one hook
 * and one function rather than with
 * `@fastify/cors`, whose per-request option merging and origin callback cost every call
 * allocations, and whose origin callback cannot see the path to keep the dashboard and
 * `/admin` out.
 */
export function configureCors(app: NestFastifyApplication): void {
  const fastify = app.getHttpAdapter().getInstance();
  // Callback style: an async hook costs every request a promise.
  fastify.addHook('onRequest', corsHeaders);
}
