import {
  Inject,
  Injectable,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { NatsRecord, type ClientProxy } from '@nestjs/microservices';
import { EmptyResponseException } from '@nestjs/microservices/errors/empty-response.exception.js';
import { headers as natsHeaders } from '@nats-io/transport-node';
import {
  REQUEST_ID_HEADER,
  isErrorCode,
  isRpcErrorPayload,
  type ReplyEnvelope,
} from '@nl/contracts-core';
import { DomainError } from '@nl/platform-errors';
import { TimeoutError, firstValueFrom, timeout } from 'rxjs';

export const TRANSPORT_PROXY = Symbol('TRANSPORT_PROXY');

export interface RequestOptions {
  readonly requestId: string;
  readonly timeoutMs: number;
}

/**
 * The gateway's one way to reach a service. Every call has a timeout, carries the request id in
 * a header, and every failure comes back as a {@link DomainError}:
 * nobody listening → `service_unavailable`, no answer in time → `gateway_timeout`, a coded
 * error from the service → that error.
 */
@Injectable()
export class TransportClient implements OnApplicationBootstrap, OnApplicationShutdown {
  constructor(@Inject(TRANSPORT_PROXY) private readonly proxy: ClientProxy) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.proxy.connect();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.proxy.close();
  }

  async request<T>(
    subject: string,
    payload: unknown,
    options: RequestOptions,
  ): Promise<ReplyEnvelope<T>> {
    const headers = natsHeaders();
    headers.set(REQUEST_ID_HEADER, options.requestId);
    try {
      const reply$ = this.proxy.send<ReplyEnvelope<T>>(subject, new NatsRecord(payload, headers));
      return await firstValueFrom(reply$.pipe(timeout(options.timeoutMs)));
    } catch (error) {
      throw toDomainError(error, subject, options.timeoutMs);
    }
  }

  /** The underlying client, for health checks. */
  get client(): ClientProxy {
    return this.proxy;
  }
}

export function toDomainError(error: unknown, subject: string, timeoutMs: number): DomainError {
  if (error instanceof DomainError) return error;
  if (isRpcErrorPayload(error) && isErrorCode(error.code)) return DomainError.fromPayload(error);
  const service = subject.split('.')[0];
  if (error instanceof TimeoutError) {
    return new DomainError(
      'gateway_timeout',
      `The ${service} service did not answer within ${timeoutMs} ms.`,
      {
        retryAfterSeconds: 5,
      },
    );
  }
  const text = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  if (
    error instanceof EmptyResponseException ||
    /no matching message handler|no responders|CONNECTION_CLOSED|closed|disconnect/i.test(text)
  ) {
    return new DomainError(
      'service_unavailable',
      `The ${service} service is not available right now.`,
      {
        retryAfterSeconds: 30,
        details: { service },
      },
    );
  }
  return new DomainError('internal');
}
