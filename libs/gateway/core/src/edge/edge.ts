import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { ErrorCode } from '@nl/contracts-core';
import { DomainError } from '@nl/platform-errors';
import type { FastifyError, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { sendError } from '../errors/problem.js';
import { requestIdOf } from '../pipeline/request-id.js';
import { guardedJsonParser } from './json-body.js';
import { sendRawProblem, writeRawProblem } from './raw-problem.js';

/** The router's own refusals, before any hook or handler runs. */
const FRAMEWORK_ERRORS: Record<string, { code: ErrorCode; detail: string }> = {
  FST_ERR_BAD_URL: {
    code: 'bad_request',
    detail: 'The path is not a valid URL (a bad percent-encoding).',
  },
  FST_ERR_MAX_PARAM_LENGTH: {
    code: 'uri_too_long',
    detail: 'A path parameter is longer than 100 characters.',
  },
};

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
    frameworkErrors: (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      const known = FRAMEWORK_ERRORS[error.code] ?? { code: 'bad_request', detail: error.message };
      void sendError(
        reply,
        new DomainError(known.code, known.detail),
        request.raw.url ?? '/',
        requestIdOf(request, reply),
      );
    },
    clientErrorHandler: clientError,
    return503OnClosing: false,
    http: { requireHostHeader: false },
  } as Partial<FastifyServerOptions>;
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
 * Hooks of the public gateway, added before it initialises: refusals for a missing `Host`, a
 * bad `Expect` and requests during shutdown as problem+json; the guarded JSON body parser;
 * no plain-text parser (a text body is `415`, not a string handed to validation).
 */
export function configureEdge(app: NestFastifyApplication): void {
  const gate = app.get(ShutdownGate);
  const fastify = app.getHttpAdapter().getInstance();
  // Callback style: an async hook costs every request a promise, and almost none is refused.
  fastify.addHook('onRequest', (request, reply, done) => {
    const refusal = gate.closing
      ? new DomainError('shutting_down', undefined, { retryAfterSeconds: 1 })
      : request.raw.httpVersion === '1.1' && !request.headers.host
        ? new DomainError('bad_request', 'HTTP/1.1 requests need a Host header.')
        : null;
    if (!refusal) {
      done();
      return;
    }
    if (gate.closing) void reply.header('connection', 'close');
    // Answered here: `done` is not called, so the request goes no further.
    sendError(reply, refusal, request.raw.url ?? '/', requestIdOf(request, reply)).catch(done);
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
