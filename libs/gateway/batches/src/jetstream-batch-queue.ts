import {
  AckPolicy,
  jetstream,
  jetstreamManager,
  RetentionPolicy,
  StorageType,
  type JsMsg,
} from '@nats-io/jetstream';
import { connect, nanos, type NatsConnection } from '@nats-io/transport-node';
import { batchQueueNames } from '@nl/gateway-core';
import type { Logger } from '@nl/platform-logging';
import { natsConnectionOptions } from '@nl/platform-transport';
import type { BatchQueue, BatchTask, TaskHandler } from './batch-queue.js';

/** A task a worker took and did not acknowledge within this is handed to another worker. */
const ACK_WAIT_MS = 60_000;
/** How long a job's tasks are kept in the stream at most (its results are kept as long). */
const MAX_AGE_MS = 7 * 24 * 3600_000;
/** Publishes in flight at once while a job's tasks are queued. */
const PUBLISH_WINDOW = 512;
/** How long queuing waits for NATS before the job is refused with 503. */
const CONNECT_WAIT_MS = 3_000;

const encoder = new TextEncoder();
const decoder = new TextDecoder();

function taskOf(msg: JsMsg): BatchTask | null {
  try {
    const task = JSON.parse(decoder.decode(msg.data)) as BatchTask;
    return typeof task.job === 'string' && Number.isInteger(task.item) ? task : null;
  } catch {
    return null;
  }
}

/**
 * The distributed profile's queue: a JetStream work-queue stream on file storage (it outlives a
 * NATS restart), one durable pull consumer with explicit acks that every gateway replica reads
 * from, so replicas share the work and a task a killed worker held is redelivered after
 * {@link ACK_WAIT_MS}. A task to be tried later is nak'ed with a delay; a long one is kept alive
 * with `working()`. The connection reconnects forever; the consumer is taken up again after an
 * outage.
 */
export class JetStreamBatchQueue implements BatchQueue {
  readonly durable = true;
  private connection?: Promise<NatsConnection>;
  private streamReady?: Promise<void>;
  /** Set while reading the stream fails, so an outage is logged once, not every second. */
  private failing = false;
  private stopped = false;
  private loop?: Promise<void>;
  private readonly underWay = new Set<Promise<void>>();

  /** The work-queue stream of batch tasks, its one subject and the consumer every worker shares. */
  private readonly names: ReturnType<typeof batchQueueNames>;

  constructor(
    private readonly servers: readonly string[],
    private readonly logger: Logger,
    stream?: string,
  ) {
    this.names = batchQueueNames(stream);
  }

  /** The connection, made once; it reconnects by itself forever, so this never has to be redone. */
  private nats(): Promise<NatsConnection> {
    this.connection ??= (async () => {
      const setup = natsConnectionOptions(this.servers, 'nl-batches');
      const nc = await connect({ ...setup.options, waitOnFirstConnect: true });
      void (async () => {
        for await (const status of nc.status()) if (status.type === 'reconnect') setup.connected();
      })();
      return nc;
    })();
    return this.connection;
  }

  /** The stream and consumer, made (or brought to this configuration) until that succeeded once. */
  private async ready(nc: NatsConnection): Promise<void> {
    this.streamReady ??= this.ensureStream(nc).catch((error: unknown) => {
      this.streamReady = undefined;
      throw error;
    });
    return this.streamReady;
  }

  private async ensureStream(nc: NatsConnection): Promise<void> {
    const jsm = await jetstreamManager(nc);
    const stream = {
      name: this.names.stream,
      subjects: [this.names.subject],
      retention: RetentionPolicy.Workqueue,
      storage: StorageType.File,
      max_age: nanos(MAX_AGE_MS),
    };
    await jsm.streams.info(this.names.stream).then(
      () => jsm.streams.update(this.names.stream, stream),
      () => jsm.streams.add(stream),
    );
    await jsm.consumers.info(this.names.stream, this.names.consumer).catch(() =>
      jsm.consumers.add(this.names.stream, {
        durable_name: this.names.consumer,
        ack_policy: AckPolicy.Explicit,
        ack_wait: nanos(ACK_WAIT_MS),
        max_deliver: -1,
      }),
    );
  }

  async add(tasks: readonly BatchTask[]): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const nc = await Promise.race([
      this.nats(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('NATS did not answer')), CONNECT_WAIT_MS);
      }),
    ]).finally(() => clearTimeout(timer));
    await this.ready(nc);
    const js = jetstream(nc, { timeout: 5_000 });
    try {
      for (let start = 0; start < tasks.length; start += PUBLISH_WINDOW)
        await Promise.all(
          tasks
            .slice(start, start + PUBLISH_WINDOW)
            .map((task) => js.publish(this.names.subject, encoder.encode(JSON.stringify(task)))),
        );
    } catch (error) {
      // The stream may be gone (NATS started again on an empty store): the next call sets it up.
      this.streamReady = undefined;
      throw error;
    }
  }

  async work(handler: TaskHandler, concurrency: number): Promise<void> {
    this.loop = this.consumeForever(handler, concurrency);
  }

  /** Reads the consumer until stopped; after an outage (the iterator ended or threw), again. */
  private async consumeForever(handler: TaskHandler, concurrency: number): Promise<void> {
    while (!this.stopped) {
      try {
        const nc = await this.nats();
        await this.ready(nc);
        const consumer = await jetstream(nc).consumers.get(this.names.stream, this.names.consumer);
        // A stream or consumer that is gone (NATS started again on an empty store) ends the
        // reading, so the loop sets them up again; without it, reading would wait for them forever.
        const messages = await consumer.consume({
          max_messages: concurrency,
          abort_on_missing_resource: true,
        });
        if (this.failing) this.logger.info('batch queue: reading the stream again');
        this.failing = false;
        for await (const msg of messages) {
          if (this.stopped) break;
          this.handle(handler, msg);
          while (this.underWay.size >= concurrency) await Promise.race(this.underWay);
        }
      } catch (error) {
        // Once per outage: the loop tries again every second until the stream answers.
        if (!this.stopped && !this.failing)
          this.logger.warn(
            { err: error },
            'batch queue: reading the stream failed; trying again every second',
          );
        this.failing = true;
        this.streamReady = undefined;
      }
      if (!this.stopped) await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  }

  private handle(handler: TaskHandler, msg: JsMsg): void {
    const task = taskOf(msg);
    if (!task) {
      msg.term('not a batch task');
      return;
    }
    const alive = setInterval(() => msg.working(), ACK_WAIT_MS / 3);
    const run = handler(task)
      .then(
        (outcome) => (outcome.done ? msg.ack() : msg.nak(outcome.delayMs)),
        () => msg.nak(1_000),
      )
      .finally(() => {
        clearInterval(alive);
        this.underWay.delete(run);
      });
    this.underWay.add(run);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.allSettled([...this.underWay]),
      new Promise((resolve) => (timer = setTimeout(resolve, 5_000))),
    ]);
    clearTimeout(timer);
    // A connection still being made is closed once it is (it retries until NATS answers).
    const closing = this.connection?.then((nc) => nc.drain().catch(() => nc.close()));
    void closing?.catch(() => undefined);
    await Promise.race([closing, new Promise((resolve) => setTimeout(resolve, 1_000).unref())]);
    await Promise.race([this.loop, new Promise((resolve) => setTimeout(resolve, 1_000).unref())]);
  }
}
