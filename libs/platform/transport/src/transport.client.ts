import {
  Inject,
  Injectable,
  Optional,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { EmptyResponseException } from '@nestjs/microservices/errors/empty-response.exception.js';
import {
  CACHE_BYPASS_HEADER,
  REQUEST_ID_HEADER,
  SANDBOX_HEADER,
  isErrorCode,
  isRpcErrorPayload,
  isServiceErrorReply,
  type ReplyEnvelope,
} from '@nl/contracts-core';
import { noteUpstreamCalls } from '@nl/platform-context';
import { DomainError, OUTAGE_RETRY_AFTER_SECONDS } from '@nl/platform-errors';
import { OutageMonitor } from '@nl/platform-health';
import { LOGGER, type Logger } from '@nl/platform-logging';
import { randomUUID } from 'node:crypto';
import { TimeoutError, type Subscription } from 'rxjs';
import type { ServiceBus } from './service-bus.js';

export const TRANSPORT_PROXY = Symbol('TRANSPORT_PROXY');

export interface RequestOptions {
  readonly requestId: string;
  readonly timeoutMs: number;
  /** A test-key call: the service answers from recorded data (`x-sandbox: true`). */
  readonly sandbox?: boolean;
  /** Not from a cache: the service asks its sources (`x-cache-bypass: true`). */
  readonly cacheBypass?: boolean;
}

/** What the transport libraries say when the connection to the broker is down. */
const CONNECTION_TROUBLE =
  /connection (lost|closed|refused|draining)|closed connection|reconnect|CONNECTION_CLOSED|CONNECTION_DRAINING|disconnect|not initialized/i;

/** Retry-After of `service_unavailable` when nothing says the service is about to come. */
const SERVICE_RETRY_AFTER_SECONDS = 30;
/**
 * For this long after the transport (re)connects, the services are still (re)subscribing: they
 * reconnect with the same back-off, at most about a second, and one started during the outage
 * subscribes once connected. A `service_unavailable` then is a matter of a moment.
 */
const SETTLING_MS = 10_000;
const SETTLING_RETRY_AFTER_SECONDS = 2;

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
  /** When the transport last came back after being down (performance.now()); NaN before. */
  private connectedAt = Number.NaN;
  private statusSubscription?: Subscription;

  constructor(
    @Inject(TRANSPORT_PROXY) private readonly proxy: ServiceBus,
    @Optional() @Inject(LOGGER) private readonly logger?: Logger,
    @Optional() private readonly outages?: OutageMonitor,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.statusSubscription = this.proxy.status.subscribe((status) => {
      const connected = status === 'connected';
      if (connected && !this.connected) this.connectedAt = performance.now();
      this.connected = connected;
    });
    // A broker not answering at start is an outage like any other: start, refuse calls,
    // recover. The `connected` status comes when it answers, now or later.
    this.connected = false;
    // Connected at once: nothing was down, and services that are missing now may stay so.
    if (await this.proxy.connectOrWait()) this.connectedAt = Number.NaN;
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
      const known = toDomainError(error, subject, options.timeoutMs, this.serviceRetryAfter());
      if (known.code === 'transport_unavailable') throw this.unavailable(error);
      if (known.code === 'internal' && !known.extra.errorId) {
        const errorId = randomUUID();
        this.logger?.error({ err: error, errorId, subject }, 'unexpected transport error');
        throw new DomainError('internal', undefined, { errorId });
      }
      throw known;
    }
  }

  /** One request in the documented wire format; an error reply is thrown as its payload. */
  private async send<T>(
    subject: string,
    payload: unknown,
    options: RequestOptions,
  ): Promise<ReplyEnvelope<T>> {
    const headers: Record<string, string> = { [REQUEST_ID_HEADER]: options.requestId };
    if (options.sandbox) headers[SANDBOX_HEADER] = 'true';
    if (options.cacheBypass) headers[CACHE_BYPASS_HEADER] = 'true';
    const reply = await this.proxy.call(subject, payload, headers, options.timeoutMs);
    if (isServiceErrorReply(reply)) {
      const { upstreams, ...error } = reply.error;
      if (upstreams) noteUpstreamCalls(upstreams);
      throw error;
    }
    const envelope = reply as ReplyEnvelope<T>;
    // A `<queue>.status` reply is no envelope: it has no meta.
    if (!envelope.meta?.upstreams) return envelope;
    const { upstreams, ...meta } = envelope.meta;
    // Counted here (the gateway's status figures, or the calling service's own reply), and
    // not passed on: the caller of the client gets the envelope as the service answered it.
    noteUpstreamCalls(upstreams);
    return { ...envelope, meta };
  }

  /** How soon a service nobody answers for may be back: soon while services resubscribe. */
  private serviceRetryAfter(): number {
    return performance.now() - this.connectedAt < SETTLING_MS
      ? SETTLING_RETRY_AFTER_SECONDS
      : SERVICE_RETRY_AFTER_SECONDS;
  }

  private unavailable(cause: unknown): DomainError {
    this.outages?.report('transport', cause);
    return transportUnavailable();
  }

  /** The underlying client, for health checks. */
  get client(): ServiceBus {
    return this.proxy;
  }
}

export function toDomainError(
  error: unknown,
  subject: string,
  timeoutMs: number,
  serviceRetryAfterSeconds = SERVICE_RETRY_AFTER_SECONDS,
): DomainError {
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
      { retryAfterSeconds: serviceRetryAfterSeconds, details: { service } },
    );
  }
  if (CONNECTION_TROUBLE.test(text)) return transportUnavailable();
  return new DomainError('internal');
}
