import { ViesRecording } from '@nl/domain-validation';
import { ViesFake } from '@nl/testing';
import { createLoadAccount, type LoadAccount } from './support/account.js';
import { build, createApps, startApps, stopApps, type App, type Apps } from './support/apps.js';
import { BatchClient, endedOf, jobBooks, vatNumbers, type JobView } from './support/batch-job.js';
import { missingBinaries } from './support/binaries.js';
import { removeTempDirs, sleep } from './support/processes.js';
import { startServers, stopServers, type Servers } from './support/servers.js';

/**
 * A batch job in the distributed profile while its infrastructure fails: two gateway processes
 * work off one 1,000-item VAT job from the JetStream work queue, one of them is killed (-9) with
 * items in its hands, and NATS is killed and started again on the same port and store while the
 * job runs. The job must still end with every item answered once, in order, and the ledger must
 * hold exactly one settlement per item, adding up to what the job says it charged, with nothing
 * left reserved. The killed worker's unacknowledged tasks come back after the queue's ack wait
 * (60 s), so the job takes a little over a minute.
 *
 *   npm run test:faults -- batch-faults    (needs nats-server, redis-server, PostgreSQL)
 */
const missing = missingBinaries();
if (missing.length && !process.env.CI)
  process.stdout.write(`batch faults: skipped, this machine lacks ${missing.join(', ')}\n`);
const suite = missing.length && !process.env.CI ? describe.skip : describe;

const ITEMS = 1_000;
const CREDITS = 2_000;
/** Items ended before the first gateway is killed, and more before NATS is. */
const KILL_AFTER = 100;
const NATS_AFTER = 100;
const NATS_DOWN_MS = 3_000;

suite('batch job through a killed worker and a NATS restart', () => {
  let vies: ViesFake | undefined;
  let servers: Servers | undefined;
  let apps: Apps | undefined;
  let account: LoadAccount | undefined;
  const log = (line: string) => process.stdout.write(`batch faults: ${line}\n`);

  beforeAll(async () => {
    await build();
    vies = await ViesFake.start(new ViesRecording());
    // Every check waits, so the job lasts long enough to break things under it.
    vies.upstream.slow(30);
    servers = await startServers({ jetstream: true });
    apps = createApps(servers, {
      services: ['validation'],
      gateways: 2,
      serviceEnv: { VIES_URL: vies.url },
    });
    await startApps(apps);
    account = await createLoadAccount(apps.gateway.url, apps.adminToken, CREDITS, 1, 'paid');
  }, 180_000);

  /** What beforeAll started (it throws there if any of it failed). */
  const running = () => {
    if (!vies || !servers || !apps || !account) throw new Error('the suite did not start');
    return { vies, servers, apps, account };
  };

  afterAll(async () => {
    await stopApps(apps);
    await stopServers(servers);
    await vies?.close();
    removeTempDirs();
  }, 60_000);

  /** The output of the apps and NATS, for a failure's message. */
  const tails = () =>
    [...(apps?.all ?? []), servers?.nats]
      .map((p) => p && `── ${p.name}\n${p.output.all.slice(-12).join('\n')}`)
      .join('\n');

  it('should answer and charge every item exactly once', async () => {
    const { vies, servers, apps, account } = running();
    const [doomed, survivor] = apps.gateways as [App, App];
    const numbers = vatNumbers(ITEMS);
    const taker = new BatchClient(doomed.url, account.keys[0]);
    const client = new BatchClient(survivor.url, account.keys[0]);
    const started = performance.now();
    const at = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;

    const taken = await taker.submit(
      'validation.vat.check',
      numbers.map((vat_number) => ({ vat_number })),
    );
    expect(taken.credits.reserved).toBe(ITEMS);
    log(`job ${taken.id} taken with ${ITEMS} items`);

    const beforeKill = await client.until(taken.id, (j) => endedOf(j) >= KILL_AFTER, 60_000);
    await doomed.stop('SIGKILL');
    log(`${at()}: one gateway killed (-9) at ${endedOf(beforeKill)} items ended`);

    const beforeNats = await client.until(
      taken.id,
      (j) => endedOf(j) >= endedOf(beforeKill) + NATS_AFTER,
      60_000,
    );
    expect(beforeNats.state).toBe('running');
    await servers.nats.kill('SIGKILL');
    await sleep(NATS_DOWN_MS);
    await servers.nats.start();
    log(
      `${at()}: NATS killed at ${endedOf(beforeNats)} items ended, back after ${NATS_DOWN_MS} ms`,
    );

    // The survivor works off the rest; what the killed worker held waits for the ack wait.
    const stall = { ended: -1, since: performance.now(), logged: false };
    const over = (j: JobView) => {
      if (endedOf(j) !== stall.ended)
        Object.assign(stall, { ended: endedOf(j), since: performance.now() });
      else if (!stall.logged && performance.now() - stall.since > 5_000) {
        stall.logged = true;
        log(`${at()}: no item moved for 5 s, ${j.items.pending} pending (the killed worker's)`);
      }
      return !['queued', 'running'].includes(j.state);
    };
    let ended: JobView;
    try {
      ended = await client.until(taken.id, over, 150_000);
    } catch (error) {
      throw new Error(`${(error as Error).message}\n${tails()}`);
    }
    log(
      `${at()}: job ${ended.state}, ${JSON.stringify(ended.items)}, VIES saw ${vies.checks.length} checks`,
    );
    expect(ended).toMatchObject({
      state: 'completed',
      items: { total: ITEMS, succeeded: ITEMS, failed: 0, pending: 0, cancelled: 0 },
      credits: { reserved: ITEMS, held: 0 },
    });

    const lines = await client.results(taken.id);
    const expected = numbers.map((_, i) => i + 1);
    expect(lines.map((l) => l.item)).toEqual(expected);
    expect(lines.map((l) => l.input.vat_number)).toEqual(numbers);
    const unanswered = lines.filter((l) => l.state !== 'succeeded' || l.status !== 200);
    expect(unanswered).toEqual([]);
    for (const line of lines) {
      expect(line.data?.vat_number).toBe(line.input.vat_number);
      expect(line.charged).toBe(line.cache === 'MISS' ? '1.00' : '0.50');
    }
    const charged = Math.round(ended.credits.charged * 100);
    expect(lines.reduce((sum, l) => sum + Math.round(Number(l.charged) * 100), 0)).toBe(charged);

    const books = await jobBooks(servers.postgres.url, taken.id, account.accountId);
    expect([...books.settled].sort()).toEqual(expected.map((n) => `${taken.id}:${n}`).sort());
    expect(books.settledSum).toBe(charged);
    expect(books.open).toBe(0);
    expect(books.balance).toBe(CREDITS * 100 - charged);
  });
});
