import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DomainError } from '@nl/platform-errors';
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifyServerOptions,
} from 'fastify';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { HttpProblemFilter } from '../errors/http-problem.filter.js';
import { requestIdOf } from '../pipeline/request-id.js';
import { malformedQueryOf } from './query-encoding.js';
import { guardedJsonParser } from './json-body.js';
import { sendRawProblem, writeRawProblem } from './raw-problem.js';

/** Each gateway's error filter, for the refusals its router makes before any hook runs. */
const problemFilters = new WeakMap<FastifyInstance, HttpProblemFilter>();

/** What the HTTP parser refuses before a request exists (Node's `clientError`). */
function clientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (error.code === 'HPE_HEADER_OVERFLOW')
    return writeRawProblem(socket, 'headers_too_large', 'The request headers exceed 16 KB.');
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT')
    return writeRawProblem(socket, 'bad_request', 'The request was not completed in time.');
  if (error.code === 'HPE_INVALID_METHOD')
    return writeRawProblem(socket, 'method_not_allowed', 'Unknown HTTP method.');
  writeRawProblem(socket, 'bad_request', 'The request is not valid HTTP/1.1.');
}

/**
 * Fastify options of the public gateway: every answer the server gives before the app sees the
 * request is problem+json too (a bad URL, an over-long path parameter, oversized headers, an
 * unknown method, a malformed request), and a missing `Host` reaches the app so it can say so.
 */
export function edgeServerOptions(): Partial<FastifyServerOptions> {
  return {
    // Worded, logged and counted as the app's other refusals (Fastify hands them to no hook).
    frameworkErrors: (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      const problems = problemFilters.get(request.server);
      if (problems) void problems.refuse(request, reply, problems.toDomainError(error));
      else void reply.code(error.statusCode ?? 400).send(error);
    },
    clientErrorHandler: clientError,
    return503OnClosing: false,
    http: { requireHostHeader: false },
  } as Partial<FastifyServerOptions>;
}

/** How many `Host` headers a request has (Node keeps the first of several in `headers`). */
function hostHeaders(raw: readonly string[]): number {
  let count = 0;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i];
    if (name.length === 4 && (name === 'Host' || name.toLowerCase() === 'host')) count++;
  }
  return count;
}

/** Why the edge refuses `request` before routing it on, or null to let it through. */
function refusalOf(request: FastifyRequest, closing: boolean): DomainError | null {
  if (closing) return new DomainError('shutting_down', undefined, { retryAfterSeconds: 1 });
  if (request.raw.httpVersion === '1.1' && !request.headers.host)
    return new DomainError('bad_request', 'HTTP/1.1 requests need a Host header.');
  // Two names for one request: a proxy and this app could each route it by another one.
  if (hostHeaders(request.raw.rawHeaders) > 1)
    return new DomainError('bad_request', 'Send one Host header.');
  const malformed = malformedQueryOf(request.url);
  return malformed.length ? DomainError.validation(malformed) : null;
}

/**
 * Whether the app is shutting down. From the first shutdown hook on, new requests get
 * `503 shutting_down` (problem+json, `Retry-After`, `Connection: close`) instead of reaching
 * services and a database that are being closed.
 */
@Injectable()
export class ShutdownGate implements OnModuleDestroy {
  closing = false;

  onModuleDestroy(): void {
    this.closing = true;
  }
}

/**
 * Hooks of the public gateway, added before it initialises: refusals for a missing or second
 * `Host`, a query that is not valid percent-encoding (`400 validation_failed` naming the
 * parameter, on every route, before any step or charge), a bad `Expect` and requests during
 * shutdown as problem+json, each logged and counted (HttpProblemFilter.refuse); the time each
 * request arrived (`receivedAt`), from which its access line's `ms` counts; its `X-Request-Id`; the guarded JSON
 * body parser; no plain-text parser (a text body is `415`, not a string handed to validation).
 */
export function configureEdge(app: NestFastifyApplication): void {
  const gate = app.get(ShutdownGate);
  const problems = app.get(HttpProblemFilter);
  const fastify = app.getHttpAdapter().getInstance();
  problemFilters.set(fastify, problems);
  fastify.decorateRequest('receivedAt', 0);
  // Callback style: an async hook costs every request a promise, and almost none is refused.
  fastify.addHook('onRequest', (request, reply, done) => {
    request.receivedAt = performance.now();
    // Every answer carries it, not only the pipeline's: the account, the documents, 304s, OPTIONS.
    requestIdOf(request, reply);
    const refusal = refusalOf(request, gate.closing);
    if (!refusal) {
      done();
      return;
    }
    if (gate.closing) void reply.header('connection', 'close');
    // Answered here: `done` is not called, so the request goes no further.
    problems.refuse(request, reply, refusal).catch(done);
  });
  app.useBodyParser(
    'application/json',
    {},
    guardedJsonParser(fastify.getDefaultJsonParser('error', 'error')),
  );
  fastify.removeContentTypeParser('text/plain');
  const server = app.getHttpServer() as Server;
  // Node hands a CONNECT request to this event and drops the connection if nobody listens.
  server.on('connect', (_request: IncomingMessage, socket: Duplex) =>
    writeRawProblem(socket, 'method_not_allowed', 'CONNECT is not supported.'),
  );
  server.on('checkExpectation', (_request: IncomingMessage, response: ServerResponse) =>
    sendRawProblem(response, 'expectation_failed', 'Only "Expect: 100-continue" is supported.'),
  );
}
