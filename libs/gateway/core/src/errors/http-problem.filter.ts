import {
  Catch,
  HttpException,
  Inject,
  Optional,
  type ArgumentsHost,
  type ExceptionFilter,
} from '@nestjs/common';
import type { ErrorCode } from '@nl/contracts-core';
import { DomainError, infrastructureError } from '@nl/platform-errors';
import { OutageMonitor } from '@nl/platform-health';
import { LOGGER, type Logger } from '@nl/platform-logging';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { methodRefusal } from '../edge/allow.js';
import { CLIENT_CLOSED, recordAnswer } from '../pipeline/access-log.js';
import { requestIdOf } from '../pipeline/request-id.js';
import { ERROR_STATUS } from './error-status.js';
import { sendError } from './problem.js';

/**
 * Statuses of errors raised by Fastify and its plugins. A 403 comes only from the docs' static
 * file server refusing a path outside its folder (`/docs/../x`): there is nothing there (404).
 */
const HTTP_CODES: Record<number, ErrorCode> = {
  400: 'bad_request',
  403: 'route_not_found',
  404: 'route_not_found',
  405: 'method_not_allowed',
  413: 'payload_too_large',
  414: 'uri_too_long',
  415: 'unsupported_media_type',
  417: 'expectation_failed',
  431: 'headers_too_large',
  503: 'service_unavailable',
};

/** The router's own refusals, before any hook or handler runs (see edgeServerOptions). */
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

/** The HTTP status an error carries: Nest's, or Fastify's (`statusCode`); undefined for none. */
function httpStatusOf(exception: unknown): number | undefined {
  if (exception instanceof HttpException) return exception.getStatus();
  const status = (exception as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' ? status : undefined;
}

/**
 * Errors that happen outside the request pipeline (unknown routes, unreadable bodies, bugs)
 * still leave as problem+json; a path that has routes, but none for the request's method, as a
 * 405 with `Allow`; an unreachable database as a 503 `database_unavailable` (logged
 * once per outage); an unexpected one as a 500 whose `errorId` is in the log. Each answer has
 * its access-log line and counts in the HTTP metrics, like the pipeline's. A client that went
 * away before its request was complete gets no answer (there is no one to read it): an
 * access-log line with status 499 says so.
 */
@Catch()
export class HttpProblemFilter implements ExceptionFilter {
  constructor(
    @Inject(LOGGER) private readonly logger: Logger,
    @Optional() private readonly outages?: OutageMonitor,
  ) {}

  async catch(exception: unknown, host: ArgumentsHost): Promise<void> {
    if (host.getType() !== 'http') throw exception;
    const request = host.switchToHttp().getRequest<FastifyRequest>();
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    // Its body stream ended before its end (the socket closed): a client's doing, whatever the
    // error says (Node reports it as ECONNRESET, like a database connection that dropped).
    if (request.raw.readableAborted) {
      recordAnswer(this.logger, request, requestIdOf(request, reply), CLIENT_CLOSED);
      return;
    }
    const error = this.toDomainError(exception);
    // No route took the request: its path may still have routes for other methods (a 405).
    const refusal =
      error.code === 'route_not_found' && request.is404 ? methodRefusal(request, reply) : null;
    await this.refuse(request, reply, refusal ?? error);
  }

  /** Sends `error` as the answer to `request`, logged and counted. */
  async refuse(request: FastifyRequest, reply: FastifyReply, error: DomainError): Promise<void> {
    const requestId = requestIdOf(request, reply);
    recordAnswer(this.logger, request, requestId, ERROR_STATUS[error.code], error.code);
    await sendError(reply, error, request.url, requestId);
  }

  toDomainError(exception: unknown): DomainError {
    if (exception instanceof DomainError) return exception;
    const framework = FRAMEWORK_ERRORS[(exception as { code?: string } | null)?.code ?? ''];
    if (framework) return new DomainError(framework.code, framework.detail);
    // An error with an HTTP status is about the request (Fastify's body reading, routing): never
    // a database's, even when its code is one a dropped connection has too.
    const status = httpStatusOf(exception);
    const outage = status === undefined ? infrastructureError(exception) : null;
    if (outage) {
      this.outages?.report('database', exception);
      return outage;
    }
    const code =
      status === undefined
        ? undefined
        : (HTTP_CODES[status] ?? (status >= 400 && status < 500 ? 'bad_request' : undefined));
    if (code === 'route_not_found') return new DomainError(code);
    if (code) return new DomainError(code, (exception as Error).message);
    const errorId = randomUUID();
    this.logger.error({ err: exception, errorId }, 'unexpected error');
    return new DomainError('internal', 'An unexpected error occurred.', { errorId });
  }
}
