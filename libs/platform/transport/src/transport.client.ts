import {
  Inject,
  Injectable,
  Optional,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { NatsRecord, type ClientProxy } from '@nestjs/microservices';
import { EmptyResponseException } from '@nestjs/microservices/errors/empty-response.exception.js';
import { headers as natsHeaders } from '@nats-io/transport-node';
import {
  REQUEST_ID_HEADER,
  SANDBOX_HEADER,
  isErrorCode,
  isRpcErrorPayload,
  type ReplyEnvelope,
} from '@nl/contracts-core';
import { DomainError, OUTAGE_RETRY_AFTER_SECONDS } from '@nl/platform-errors';
import { OutageMonitor } from '@nl/platform-health';
import { LOGGER, type Logger } from '@nl/platform-logging';
import { randomUUID } from 'node:crypto';
import { TimeoutError, firstValueFrom, timeout, type Subscription } from 'rxjs';
import { InProcClient } from './inproc.client.js';

export const TRANSPORT_PROXY = Symbol('TRANSPORT_PROXY');

export interface RequestOptions {
  readonly requestId: string;
  readonly timeoutMs: number;
  /** A test-key call: the service answers from recorded data (`x-sandbox: true`). */
  readonly sandbox?: boolean;
}

/** What the transport libraries say when the connection to the broker is down. */
const CONNECTION_TROUBLE =
  /connection (lost|closed|refused)|reconnect|CONNECTION_CLOSED|CONNECTION_DRAINING|disconnect|not initialized/i;

function transportUnavailable(): DomainError {
  return new DomainError(
    'transport_unavailable',
    'The gateway cannot reach the services right now (message transport down).',
    { retryAfterSeconds: OUTAGE_RETRY_AFTER_SECONDS },
  );
}

/**
 * The gateway's one way to reach a service. Every call has a timeout, carries the request id in
 * a header, and every failure comes back as a {@link DomainError}: transport down →
 * `transport_unavailable` at once (no wait for the timeout), nobody listening →
 * `service_unavailable`, no answer in time → `gateway_timeout`, a coded error from the service
 * → that error.
 */
@Injectable()
export class TransportClient implements OnApplicationBootstrap, OnApplicationShutdown {
  private connected = true;
  private statusSubscription?: Subscription;

  constructor(
    @Inject(TRANSPORT_PROXY) private readonly proxy: ClientProxy,
    @Optional() @Inject(LOGGER) private readonly logger?: Logger,
    @Optional() private readonly outages?: OutageMonitor,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.statusSubscription = this.proxy.status.subscribe((status) => {
      this.connected = status === 'connected';
    });
    await this.proxy.connect();
  }

  async onApplicationShutdown(): Promise<void> {
    this.statusSubscription?.unsubscribe();
    await this.proxy.close();
  }

  async request<T>(
    subject: string,
    payload: unknown,
    options: RequestOptions,
  ): Promise<ReplyEnvelope<T>> {
    if (!this.connected) throw this.unavailable('not connected');
    try {
      return await this.send<T>(subject, payload, options);
    } catch (error) {
      const known = toDomainError(error, subject, options.timeoutMs);
      if (known.code === 'transport_unavailable') throw this.unavailable(error);
      if (known.code === 'internal' && !known.extra.errorId) {
        const errorId = randomUUID();
        this.logger?.error({ err: error, errorId, subject }, 'unexpected transport error');
        throw new DomainError('internal', undefined, { errorId });
      }
      throw known;
    }
  }

  private send<T>(
    subject: string,
    payload: unknown,
    options: RequestOptions,
  ): Promise<ReplyEnvelope<T>> {
    if (this.proxy instanceof InProcClient) {
      // The same semantics as below, without building the reply streams per call.
      const headers: Record<string, string> = { [REQUEST_ID_HEADER]: options.requestId };
      if (options.sandbox) headers[SANDBOX_HEADER] = 'true';
      return this.proxy.call(subject, payload, headers, options.timeoutMs) as Promise<
        ReplyEnvelope<T>
      >;
    }
    const headers = natsHeaders();
    headers.set(REQUEST_ID_HEADER, options.requestId);
    if (options.sandbox) headers.set(SANDBOX_HEADER, 'true');
    const reply$ = this.proxy.send<ReplyEnvelope<T>>(subject, new NatsRecord(payload, headers));
    return firstValueFrom(reply$.pipe(timeout(options.timeoutMs)));
  }

  private unavailable(cause: unknown): DomainError {
    this.outages?.report('transport', cause);
    return transportUnavailable();
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
      { retryAfterSeconds: 5 },
    );
  }
  const text = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  if (
    error instanceof EmptyResponseException ||
    /no matching message handler|no responders/i.test(text)
  ) {
    return new DomainError(
      'service_unavailable',
      `The ${service} service is not available right now.`,
      { retryAfterSeconds: 30, details: { service } },
    );
  }
  if (CONNECTION_TROUBLE.test(text)) return transportUnavailable();
  return new DomainError('internal');
}
