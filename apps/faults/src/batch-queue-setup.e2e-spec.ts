import { JetStreamBatchQueue, type BatchTask } from '@nl/gateway-batches';
import { createLogger } from '@nl/platform-logging';
import { join } from 'node:path';
import { missingBinaries } from './support/binaries.js';
import { makeTempDir, removeTempDirs, waitFor } from './support/processes.js';
import { natsServer, type Server } from './support/servers.js';

/**
 * The batch queue of a gateway that started while NATS had no JetStream (a server started
 * without `-js`, or JetStream not yet available): its jobs are refused with 503 then, and once
 * NATS runs JetStream again on the same address, the same process queues and works tasks,
 * without a restart of its own.
 *
 *   npm run test:faults -- batch-queue-setup    (needs nats-server)
 */
const missing = missingBinaries();
if (missing.length && !process.env.CI)
  process.stdout.write(`batch queue set-up: skipped, this machine lacks ${missing.join(', ')}\n`);
const suite = missing.length && !process.env.CI ? describe.skip : describe;

suite('batch queue set up after JetStream came late', () => {
  const servers: Server[] = [];
  let queue: JetStreamBatchQueue | undefined;

  afterAll(async () => {
    await queue?.stop();
    for (const server of servers) await server.kill('SIGTERM');
    removeTempDirs();
  }, 30_000);

  it('should queue and work tasks once JetStream is there, in the same process', async () => {
    const plain = await natsServer();
    servers.push(plain);
    await plain.start();
    queue = new JetStreamBatchQueue(
      [plain.url],
      createLogger({ service: 'test', level: 'silent' }),
    );
    const worked: BatchTask[] = [];
    await queue.work(async (task) => {
      worked.push(task);
      return { done: true };
    }, 4);
    await expect(queue.add([{ job: 'bat-early', item: 1 }])).rejects.toThrow(/jetstream/i);

    await plain.kill('SIGTERM');
    const dir = await makeTempDir('nl-batch-queue-');
    const withJetStream = await natsServer(join(dir, 'nats'), plain.port);
    servers.push(withJetStream);
    await withJetStream.start();

    // The worker's loop tries again every second; a job's tasks are queued on their own call.
    await queue.add([
      { job: 'bat-late', item: 1 },
      { job: 'bat-late', item: 2 },
    ]);
    expect(await waitFor(async () => worked.length >= 2, 15_000)).toBe(true);
    expect(worked.map((t) => `${t.job}:${t.item}`).sort()).toEqual(['bat-late:1', 'bat-late:2']);
  });
});
