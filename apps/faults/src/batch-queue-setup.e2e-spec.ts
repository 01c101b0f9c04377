import { JetStreamBatchQueue, type BatchTask } from '@nl/gateway-batches';
import { createLogger } from '@nl/platform-logging';
import { join } from 'node:path';
import { missingBinaries } from './support/binaries.js';
import { makeTempDir, removeTempDirs, waitFor } from './support/processes.js';
import { natsServer, type Server } from './support/servers.js';

/**
 * The batch queue of one gateway process while NATS comes back different: first without
 * JetStream (a server started without `-js`, or JetStream not yet available), then on an empty
 * store (the stream and its consumer gone). Jobs are refused with 503 meanwhile; once NATS runs
 * JetStream again on the same address, the same process sets the stream up again, queues and
 * works tasks, without a restart of its own.
 *
 *   npm run test:faults -- batch-queue-setup    (needs nats-server)
 */
const missing = missingBinaries();
if (missing.length && !process.env.CI)
  process.stdout.write(`batch queue set-up: skipped, this machine lacks ${missing.join(', ')}\n`);
const suite = missing.length && !process.env.CI ? describe.skip : describe;

suite('batch queue when NATS comes back different', () => {
  const servers: Server[] = [];
  const queues: JetStreamBatchQueue[] = [];
  let dir: string;

  beforeAll(async () => {
    dir = await makeTempDir('nl-batch-queue-');
  });

  afterAll(async () => {
    for (const queue of queues) await queue.stop();
    for (const server of servers) await server.kill('SIGTERM');
    removeTempDirs();
  }, 30_000);

  /** NATS on `port` (a free one if not given); JetStream on a store of its own when `store`. */
  async function nats(store?: string, port?: number): Promise<Server> {
    const server = await natsServer(store && join(dir, store), port);
    servers.push(server);
    await server.start();
    return server;
  }

  /** Whether `attempt` succeeded within 20 s, tried again after each failure. */
  const eventually = (attempt: () => Promise<void>) =>
    waitFor(() => attempt().then(() => true), 20_000);

  /** A queue on `server` that works every task it gets, and the tasks it worked. */
  async function workingQueue(server: Server) {
    const queue = new JetStreamBatchQueue(
      [server.url],
      createLogger({ service: 'test', level: 'silent' }),
    );
    queues.push(queue);
    const worked: string[] = [];
    await queue.work(async (task: BatchTask) => {
      worked.push(`${task.job}:${task.item}`);
      return { done: true };
    }, 4);
    return { queue, worked };
  }

  it('should queue and work tasks once JetStream is there', async () => {
    const plain = await nats();
    const { queue, worked } = await workingQueue(plain);
    await expect(queue.add([{ job: 'bat-early', item: 1 }])).rejects.toThrow(/jetstream/i);

    await plain.kill('SIGTERM');
    await nats('late', plain.port);
    // Until the connection is back and the stream set up, a job may be refused (503, try again).
    expect(await eventually(() => queue.add([{ job: 'bat-late', item: 1 }]))).toBe(true);
    expect(await waitFor(async () => worked.includes('bat-late:1'), 20_000)).toBe(true);
  });

  it('should set the stream up again when NATS lost its store', async () => {
    const first = await nats('first');
    const { queue, worked } = await workingQueue(first);
    await queue.add([{ job: 'bat-before', item: 1 }]);
    expect(await waitFor(async () => worked.length >= 1, 20_000)).toBe(true);

    await first.kill('SIGKILL');
    await nats('empty', first.port);
    // The worker sees its stream gone and makes it again; until then a job may be refused.
    expect(await eventually(() => queue.add([{ job: 'bat-after', item: 1 }]))).toBe(true);
    expect(await waitFor(async () => worked.includes('bat-after:1'), 20_000)).toBe(true);
  });
});
