import { ClientNats, type NatsStatus } from '@nestjs/microservices';
import { EmptyResponseException } from '@nestjs/microservices/errors/empty-response.exception.js';
import {
  NoRespondersError,
  RequestError,
  TimeoutError as NatsTimeout,
  headers as natsHeaders,
  type NatsConnection,
} from '@nats-io/transport-node';
import type { HealthResult } from '@nl/platform-health';
import type { Logger } from '@nl/platform-logging';
import { TimeoutError } from 'rxjs';
import {
  NEST_STATUS,
  connectWhenReachable,
  isUnreachable,
  natsConnectionOptions,
  watchNatsConnection,
  type ConnectionWatch,
  type NatsConnectionSetup,
} from './nats-connection.js';
import { natsHealth } from './nats-health.js';
import type { ServiceBus } from './service-bus.js';

/** The same errors as the in-process bus gives, for the same failures. */
function busError(error: unknown, subject: string): unknown {
  if (error instanceof NatsTimeout) return new TimeoutError();
  if (
    error instanceof NoRespondersError ||
    (error instanceof RequestError && error.isNoResponders())
  )
    return new EmptyResponseException(subject);
  return error;
}

/**
 * The gateway's NATS client (and a service's, calling another service): sends each request in
 * the documented wire format (the request DTO as JSON, the request id and sandbox flag in
 * headers; the reply `{data, meta}` or `{error}`) over the connection's shared inbox,
 * reconnects forever (with the services' back-off), logs each connection state change once,
 * and reports whether the connection can still come back.
 */
export class TracedNatsClient extends ClientNats implements ServiceBus {
  private watch?: ConnectionWatch;
  /** How to fail each request in flight, should the connection drop. */
  private readonly inFlight = new Set<(error: Error) => void>();
  private readonly connection: NatsConnectionSetup;
  private stopped = false;
  /** NATS answered, but refused this client: no point waiting. */
  private refused = false;

  constructor(
    servers: readonly string[],
    name: string,
    private readonly log: Logger,
  ) {
    const connection = natsConnectionOptions(servers, name);
    super(connection.options);
    this.connection = connection;
  }

  call(
    subject: string,
    payload: unknown,
    headers: Record<string, string>,
    timeoutMs: number,
  ): Promise<unknown> {
    const connection = this.natsClient as NatsConnection | null;
    if (!connection) return Promise.reject(new Error('Connection closed'));
    const body = JSON.stringify(payload);
    const wireHeaders = natsHeaders();
    for (const [name, value] of Object.entries(headers)) wireHeaders.set(name, value);
    return new Promise((resolve, reject) => {
      this.inFlight.add(reject);
      connection.request(subject, body, { timeout: timeoutMs, headers: wireHeaders }).then(
        (reply) => {
          this.inFlight.delete(reject);
          try {
            resolve(reply.json());
          } catch (error) {
            reject(error as Error);
          }
        },
        (error: unknown) => {
          this.inFlight.delete(reject);
          reject(busError(error, subject));
        },
      );
    });
  }

  override async createClient(): Promise<NatsConnection> {
    const client = (await super.createClient()) as NatsConnection;
    this.watch = watchNatsConnection(client, this.log, this.connection.connected);
    return client;
  }

  /**
   * Nest's bookkeeping of the connection's state (a disconnected client fails new requests and
   * those in flight at once; a reconnected one serves them again), without Nest's own log
   * lines: the watch logs each state change once.
   */
  override async handleStatusUpdates(client: NatsConnection): Promise<void> {
    for await (const status of client.status()) {
      if (status.type === 'disconnect') {
        this.connectionPromise = Promise.reject(new Error('Connection lost; reconnecting'));
        this.connectionPromise.catch(() => undefined);
        // Replies to requests in flight were lost with the connection: fail them now (503)
        // rather than let each wait out its timeout (504).
        this.handleClose();
        const lost = [...this.inFlight];
        this.inFlight.clear();
        for (const reject of lost) reject(new Error('Connection lost; reconnecting'));
      } else if (status.type === 'reconnect') {
        this.connectionPromise = Promise.resolve(client);
      }
      const next = NEST_STATUS[status.type];
      if (next) this._status$.next(next as NatsStatus);
    }
    if (this.natsClient === client) {
      this.natsClient = null;
      this.connectionPromise = null;
    }
  }

  /**
   * Connects; when NATS does not answer, resolves false at once and connects in the background
   * once it does (the `connected` status says when). The process starts meanwhile: not ready,
   * its calls refused at once with 503.
   */
  async connectOrWait(): Promise<boolean> {
    try {
      await this.connect();
      return true;
    } catch (error) {
      if (!isUnreachable(error)) throw error;
      const setup = { connection: this.connection, log: this.log, stopped: () => this.stopped };
      connectWhenReachable(() => this.connect(), setup, error).catch(() => {
        this.refused = !this.stopped;
      });
      return false;
    }
  }

  /** Up while a round trip to NATS completes; down while there has been no connection yet. */
  health(): Promise<HealthResult> {
    return natsHealth(this.natsClient as NatsConnection | null);
  }

  alive(): boolean {
    return !this.refused && (this.watch?.alive() ?? true);
  }

  override async close(): Promise<void> {
    this.stopped = true;
    const open = [...this.inFlight];
    this.inFlight.clear();
    for (const reject of open) reject(new Error('Connection closed'));
    this.watch?.intentionalClose();
    await super.close();
  }
}
