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
import { requestIdOf } from '../pipeline/request-id.js';
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

/**
 * Errors that happen outside the request pipeline (unknown routes, unreadable bodies, bugs)
 * still leave as problem+json; an unreachable database as a 503 `database_unavailable` (logged
 * once per outage); an unexpected one as a 500 whose `errorId` is in the log.
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
    await sendError(reply, this.toDomainError(exception), request.url, requestIdOf(request, reply));
  }

  toDomainError(exception: unknown): DomainError {
    if (exception instanceof DomainError) return exception;
    const outage = infrastructureError(exception);
    if (outage) {
      this.outages?.report('database', exception);
      return outage;
    }
    const status =
      exception instanceof HttpException
        ? exception.getStatus()
        : ((exception as { statusCode?: number }).statusCode ?? 500);
    const code = HTTP_CODES[status] ?? (status >= 400 && status < 500 ? 'bad_request' : undefined);
    if (code === 'route_not_found') return new DomainError(code);
    if (code) return new DomainError(code, (exception as Error).message);
    const errorId = randomUUID();
    this.logger.error({ err: exception, errorId }, 'unexpected error');
    return new DomainError('internal', 'An unexpected error occurred.', { errorId });
  }
}
