import { ClientNats, type NatsStatus } from '@nestjs/microservices';
import type { NatsConnection } from '@nats-io/transport-node';
import type { Logger } from '@nl/platform-logging';
import {
  NEST_STATUS,
  connectWhenReachable,
  isUnreachable,
  natsConnectionOptions,
  watchNatsConnection,
  type ConnectionWatch,
  type NatsConnectionSetup,
} from './nats-connection.js';

/**
 * The gateway's NATS client: reconnects forever (with the services' back-off), logs each
 * connection state change once, and reports whether the connection can still come back.
 */
export class TracedNatsClient extends ClientNats {
  private watch?: ConnectionWatch;
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

  /** The NATS connection, or null while there has been none yet (for the health check). */
  natsConnection(): NatsConnection | null {
    return this.natsClient as NatsConnection | null;
  }

  alive(): boolean {
    return !this.refused && (this.watch?.alive() ?? true);
  }

  override async close(): Promise<void> {
    this.stopped = true;
    this.watch?.intentionalClose();
    await super.close();
  }
}
