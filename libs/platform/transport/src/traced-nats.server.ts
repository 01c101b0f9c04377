import { ServerNats, type NatsStatus } from '@nestjs/microservices';
import type { NatsConnection } from '@nats-io/transport-node';
import type { Logger } from '@nl/platform-logging';
import { runForMessage } from './request-headers.js';
import {
  NEST_STATUS,
  natsConnectionOptions,
  watchNatsConnection,
  type ConnectionWatch,
} from './nats-connection.js';

type NatsMessage = Parameters<ServerNats['handleMessage']>[1];

/**
 * The NATS server of a domain service: runs each handler inside the caller's request id (so
 * service logs carry it), reconnects forever, logs each connection state change once, and
 * reports through {@link alive} whether the connection can still come back.
 */
export class TracedNatsServer extends ServerNats {
  private watch?: ConnectionWatch;
  private readonly connection: ReturnType<typeof natsConnectionOptions>;

  constructor(
    options: { servers: readonly string[]; name: string; queue: string },
    private readonly log: Logger,
  ) {
    const connection = natsConnectionOptions(options.servers, options.name);
    super({
      ...connection.options,
      queue: options.queue,
      gracefulShutdown: true,
      gracePeriod: 500,
    });
    this.connection = connection;
  }

  override async createNatsClient(): Promise<NatsConnection> {
    const client = (await super.createNatsClient()) as NatsConnection;
    this.watch = watchNatsConnection(client, this.log, this.connection.connected);
    return client;
  }

  /** Only the status stream; the state changes are logged by the watch, once each. */
  override async handleStatusUpdates(client: NatsConnection): Promise<void> {
    for await (const status of client.status()) {
      const next = NEST_STATUS[status.type];
      if (next) this._status$.next(next as NatsStatus);
    }
  }

  /** False once the connection closed without this server closing it: restart the process. */
  alive(): boolean {
    return this.watch?.alive() ?? true;
  }

  override async close(): Promise<void> {
    this.watch?.intentionalClose();
    await super.close();
  }

  /** Subjects are plain strings: skip Nest's JSON.parse attempt (and its exception) per message. */
  override getHandlerByPattern(pattern: string) {
    return this.messageHandlers.get(pattern) ?? super.getHandlerByPattern(pattern);
  }

  override async handleMessage(channel: string, message: NatsMessage): Promise<unknown> {
    return runForMessage(
      (name) => message.headers?.get(name),
      () => super.handleMessage(channel, message),
    );
  }
}
