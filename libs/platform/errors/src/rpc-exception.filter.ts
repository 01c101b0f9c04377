import { Catch, Inject, Optional, type ExceptionFilter } from '@nestjs/common';
import type { RpcErrorPayload } from '@nl/contracts-core';
import { OutageMonitor } from '@nl/platform-health';
import { LOGGER, type Logger } from '@nl/platform-logging';
import { randomUUID } from 'node:crypto';
import { throwError, type Observable } from 'rxjs';
import { DomainError } from './domain-error.js';
import { infrastructureError } from './infrastructure-error.js';

/**
 * Service side of the error codes: a {@link DomainError} crosses the wire as its payload; an
 * unreachable database crosses as `database_unavailable` (logged once per outage); any other error
 * is logged with an `errorId` and crosses as `internal`, without its message or stack.
 */
@Catch()
export class RpcExceptionFilter implements ExceptionFilter {
  constructor(
    @Inject(LOGGER) private readonly logger: Logger,
    @Optional() private readonly outages?: OutageMonitor,
  ) {}

  catch(exception: unknown): Observable<never> {
    return throwError(() => this.toPayload(exception));
  }

  private toPayload(exception: unknown): RpcErrorPayload {
    if (exception instanceof DomainError) return exception.toPayload();
    const outage = infrastructureError(exception);
    if (outage) {
      this.outages?.report('database', exception);
      return outage.toPayload();
    }
    const errorId = randomUUID();
    this.logger.error({ err: exception, errorId }, 'unexpected error in message handler');
    return { code: 'internal', message: 'An unexpected error occurred.', errorId };
  }
}
