import { ClientNats } from '@nestjs/microservices';
import type { NatsConnection } from '@nats-io/transport-node';
import type { Logger } from '@nl/platform-logging';
import {
  natsConnectionOptions,
  watchNatsConnection,
  type ConnectionWatch,
} from './nats-connection.js';

/**
 * The gateway's NATS client: reconnects forever (with the services' back-off), logs each
 * connection state change once, and reports whether the connection can still come back.
 */
export class TracedNatsClient extends ClientNats {
  private watch?: ConnectionWatch;
  private readonly connection: ReturnType<typeof natsConnectionOptions>;

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

  alive(): boolean {
    return this.watch?.alive() ?? true;
  }

  override async close(): Promise<void> {
    this.watch?.intentionalClose();
    await super.close();
  }
}
