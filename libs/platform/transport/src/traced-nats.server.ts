import { ServerNats, type NatsStatus } from '@nestjs/microservices';
import type { Msg, NatsConnection } from '@nats-io/transport-node';
import type { HealthResult } from '@nl/platform-health';
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
import { natsHealth } from './nats-health.js';
import { answerNatsMessage, refusedWithoutReply } from './nats-wire.js';
import type { ServiceServer } from './service-transport.js';

/**
 * The NATS server of a domain service: speaks the documented wire format (`asyncapi.json`: the
 * payload is the request DTO as JSON, the reply `{data, meta}` or `{error}`; see
 * {@link answerNatsMessage}), runs each handler inside the caller's request id (so service logs
 * carry it), drops a message that has no reply subject before any handler runs, reconnects forever, logs each connection state change once, and
 * reports through {@link alive} whether the connection can still come back. Started while NATS
 * does not answer, it lets the process start (answering its health checks, not ready) and
 * subscribes once NATS answers.
 */
export class TracedNatsServer extends ServerNats implements ServiceServer {
  private watch?: ConnectionWatch;
  private readonly connection: NatsConnectionSetup;
  /** The connection, once there is one. */
  private current: NatsConnection | null = null;
  /** A connection made before `listen` asks for one (see {@link listen}). */
  private made?: NatsConnection;
  private stopped = false;
  /** NATS answered, but refused this server: no point waiting. */
  private refused = false;

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
    const made = this.made;
    this.made = undefined;
    if (made) return made;
    const client = (await super.createNatsClient()) as NatsConnection;
    this.watch = watchNatsConnection(client, this.log, this.connection.connected);
    this.current = client;
    return client;
  }

  /**
   * Connects and subscribes (Nest's `listen`, which takes the connection made here). When NATS
   * does not answer, start-up goes on at once and the subscriptions follow when it does.
   */
  override async listen(callback: (err?: unknown, ...rest: unknown[]) => void): Promise<void> {
    try {
      this.made = await this.createNatsClient();
    } catch (error) {
      if (!isUnreachable(error)) return callback(error);
      callback();
      void this.listenWhenReachable(error);
      return;
    }
    return super.listen(callback);
  }

  private async listenWhenReachable(firstError: unknown): Promise<void> {
    const setup = { connection: this.connection, log: this.log, stopped: () => this.stopped };
    const late = await connectWhenReachable(() => this.createNatsClient(), setup, firstError).catch(
      () => {
        this.refused = true;
        return null;
      },
    );
    if (!late) return;
    if (this.stopped) {
      this.watch?.intentionalClose();
      await late.close();
      return;
    }
    this.made = late;
    await super.listen((error) => {
      if (error) this.log.error({ err: error }, 'could not subscribe after NATS answered');
    });
  }

  /** Up while a round trip to NATS completes; down while there has been no connection yet. */
  health(): Promise<HealthResult> {
    return natsHealth(this.current);
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
    return !this.refused && (this.watch?.alive() ?? true);
  }

  override async close(): Promise<void> {
    this.stopped = true;
    this.watch?.intentionalClose();
    await super.close();
  }

  /** Subjects are plain strings: skip Nest's JSON.parse attempt (and its exception) per message. */
  override getHandlerByPattern(pattern: string) {
    return this.messageHandlers.get(pattern) ?? super.getHandlerByPattern(pattern);
  }

  override async handleMessage(channel: string, message: Msg): Promise<void> {
    if (!message.reply) return refusedWithoutReply(channel, this.log);
    await answerNatsMessage(this, channel, message, this.log);
  }
}
