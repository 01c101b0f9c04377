import { ViesRecording } from '@nl/domain-validation';
import type { StatusReport } from '@nl/gateway-status';
import { REAL_SERVERS, ViesFake } from '@nl/testing';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { PROFILES, startStack, type Stack } from './support/stack.js';
import { unusedVatNumber } from './support/vat-numbers.js';

// The public status figures as a client checks them: traffic over a VIES fake that is slow,
// then failing, then healthy, read back from /status.json. The percentiles must match what the
// client measured, an incident must open and close by itself, the figures must survive a
// restart, and in the distributed profile the answers of two gateway replicas are merged.
const VAT = 'validation.vat.check';
const SLOW_MS = 200;
const STATUS_ENV = {
  STATUS_FLUSH_SECONDS: '1',
  STATUS_BUCKET_SECONDS: '1',
  STATUS_ROLLUP_SECONDS: '60',
  STATUS_INCIDENT_MIN_CALLS: '3',
};

/** Nearest-rank percentile, as the server computes it. */
function percentile(sorted: readonly number[], q: number): number {
  return sorted[Math.max(1, Math.ceil(q * sorted.length)) - 1];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function statusOf(url: string): Promise<StatusReport> {
  const res = await fetch(`${url}/status.json`);
  expect(res.status).toBe(200);
  return (await res.json()) as StatusReport;
}

/** Reads /status.json until `done` holds (the figures are written every second). */
async function until(
  url: string,
  done: (report: StatusReport) => boolean,
  what: string,
  meanwhile: () => Promise<unknown> = () => sleep(250),
): Promise<StatusReport> {
  const deadline = Date.now() + 20_000;
  let report = await statusOf(url);
  while (!done(report)) {
    if (Date.now() > deadline) throw new Error(`status.json never showed ${what}`);
    await meanwhile();
    report = await statusOf(url);
  }
  return report;
}

/** A client on a worker thread: warm-up calls with the test key, then the timed ones, in order. */
const CLIENT = `
const { parentPort, workerData } = require('node:worker_threads');
const { bases, key, testKey, warm, numbers } = workerData;
async function call(base, apiKey, vatNumber) {
  const started = performance.now();
  const res = await fetch(base + '/v1/validate/vat', {
    method: 'POST',
    headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
    body: JSON.stringify({ vat_number: vatNumber }),
  });
  await res.arrayBuffer();
  return { status: res.status, ms: performance.now() - started };
}
(async () => {
  for (const base of bases) for (const vatNumber of warm) await call(base, testKey, vatNumber);
  const answers = [];
  for (let i = 0; i < numbers.length; i++)
    answers.push(await call(bases[i % bases.length], key, numbers[i]));
  parentPort.postMessage({ answers });
})().catch((error) => parentPort.postMessage({ error: String(error) }));
`;

async function timedCalls(work: {
  bases: string[];
  key: string;
  testKey: string;
  warm: string[];
  numbers: string[];
}): Promise<{ status: number; ms: number }[]> {
  const worker = new Worker(CLIENT, { eval: true, workerData: work });
  try {
    const reply = await new Promise<{ answers?: { status: number; ms: number }[]; error?: string }>(
      (resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
      },
    );
    if (!reply.answers) throw new Error(`the client failed: ${reply.error}`);
    return reply.answers;
  } finally {
    await worker.terminate();
  }
}

const endpointOf = (report: StatusReport, id = VAT) => report.endpoints.find((e) => e.id === id);
const viesOf = (report: StatusReport) => report.upstreams.find((u) => u.name === 'vies');

describe.each(PROFILES)('the public status figures (%s)', (profile) => {
  let vies: ViesFake;
  let api: Stack;
  let dataDir: string | undefined;
  beforeAll(async () => {
    vies = await ViesFake.start(new ViesRecording());
    // Standalone keeps its database on disk, so a restart finds the figures again.
    dataDir = profile === 'standalone' ? mkdtempSync(join(tmpdir(), 'status-')) : undefined;
    api = await startStack(profile, {
      serviceEnv: { VIES_URL: vies.url },
      env: { ...STATUS_ENV, ...(dataDir && { PGLITE_DATA_DIR: dataDir }) },
    });
  }, 120_000);
  afterAll(async () => {
    await api?.close();
    await vies?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  /**
   * One cold VAT check through `base` with `key` (each phase has a key of its own, so none
   * meets the per-minute limit): its status and the latency the client saw.
   */
  async function check(base: string, key: string): Promise<{ status: number; ms: number }> {
    const started = performance.now();
    const res = await fetch(`${base}/v1/validate/vat`, {
      method: 'POST',
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      body: JSON.stringify({ vat_number: unusedVatNumber() }),
    });
    await res.arrayBuffer();
    return { status: res.status, ms: performance.now() - started };
  }

  const premiumKey = async () => (await api.account({ tier: 'premium', credits: 1_000 })).key;

  it('should give percentiles within 5 % of the client’s, merged over the replicas', async () => {
    // Two replicas where there can be (a database they share): half the calls through each.
    const bases =
      profile === 'distributed' && REAL_SERVERS ? [api.url, await api.addGateway()] : [api.url];
    vies.upstream.slow(SLOW_MS);
    // A key per round: a second round's calls would pass the first key's per-minute limit.
    const keys: string[] = [];
    // The client's connections and the code paths warmed first, with a test key: its answers
    // come from the recordings and are left out of the figures.
    const { accountId } = await api.account({ tier: 'premium', credits: 0 });
    const testKey = (await api.accounts.createKey(accountId, 'warm-up', 'test')).key;
    // 100 calls one after the other (so the p99 is the second slowest, not the slowest alone),
    // timed by a client on a thread of its own: in this process's event loop, which also runs
    // the apps, its readings would include their work. One call the machine held up on the
    // client's side moves the p99 of 100 by itself: when a round is not within 5 %, another round
    // of 100 is made (up to three) and all the calls so far are compared whole. On a machine
    // busy with other suites a round's p99 has been off by 7 % (its two slowest calls held up
    // on the client's side); its calls still count, but three rounds' p99 is the third slowest.
    const seen: number[] = [];
    let report: StatusReport | undefined;
    let ratios: number[] = [];
    for (let round = 1; round <= 3; round++) {
      keys.push(await premiumKey());
      const answers = await timedCalls({
        bases,
        key: keys[round - 1],
        testKey,
        warm: Array.from({ length: 5 }, unusedVatNumber),
        numbers: Array.from({ length: 100 }, unusedVatNumber),
      });
      expect(answers.map((a) => a.status)).toEqual(Array(100).fill(200));
      seen.push(...answers.map((a) => a.ms));
      seen.sort((a, b) => a - b);
      report = await until(
        api.url,
        (r) => endpointOf(r)?.windows['1h'].cold.requests === seen.length,
        `${seen.length} cold VAT checks`,
      );
      const cold = endpointOf(report)?.windows['1h'].cold;
      ratios = (
        [
          [0.5, cold?.p50_ms],
          [0.95, cold?.p95_ms],
          [0.99, cold?.p99_ms],
        ] as const
      ).map(([q, server]) => Number(((server ?? 0) / percentile(seen, q)).toFixed(3)));
      if (ratios.every((r) => r >= 0.95 && r <= 1.05)) break;
    }
    if (!report) throw new Error('no status report');
    const figures = endpointOf(report)?.windows['1h'];
    const client = [0.5, 0.95, 0.99].map((q) => Math.round(percentile(seen, q) * 100) / 100);
    expect({ ratios, client, server: figures?.cold }).toEqual({
      ratios: ratios.map((r) => (r >= 0.95 && r <= 1.05 ? r : 'within 5 %')),
      client,
      server: figures?.cold,
    });
    expect(figures?.cold.availability).toBe(1);
    expect(figures?.cached.requests).toBe(0);
    expect(figures?.all).toEqual(figures?.cold);
    // VIES's own calls, as the validation service timed them: at least the fake's delay.
    const upstream = viesOf(report);
    expect(upstream?.windows['1h'].requests).toBe(seen.length);
    expect(upstream?.windows['1h'].p50_ms).toBeGreaterThanOrEqual(SLOW_MS);
    expect(upstream?.state).toBe('operational');
    // The chart's points hold the calls, the last of them some.
    const points = endpointOf(report)?.chart.points ?? [];
    expect(points.reduce((sum, point) => sum + point.requests, 0)).toBe(seen.length);
    expect(points.at(-1)?.requests).toBeGreaterThan(0);
    expect(points.length).toBeGreaterThanOrEqual(24);
    // The served OpenAPI document carries the same 24-hour figures on the operation.
    const openapi = (await (await fetch(`${api.url}/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { 'x-latency'?: unknown }>>;
    };
    expect(openapi.paths['/v1/validate/vat'].post['x-latency']).toEqual({
      endpoint: VAT,
      window: '24h',
      ...endpointOf(report)?.windows['24h'].all,
    });
    // No account data: no key, no account id anywhere in the document.
    const text = JSON.stringify(report);
    for (const key of keys) expect(text).not.toContain(key);
    expect(text).not.toContain(accountId);
  }, 180_000);

  it('should open an incident while VIES fails and close it once VIES answers again', async () => {
    vies.upstream.reset().fail(500);
    const failingKey = await premiumKey();
    const failing = Date.now();
    // Failing calls for three whole buckets: the breaker opens after five and refuses the rest.
    while (Date.now() - failing < 3_500) {
      const { status } = await check(api.url, failingKey);
      expect(status).toBeGreaterThanOrEqual(500);
      await sleep(100);
    }
    // Failing calls go on meanwhile: an incident whose source has no calls for a whole bucket
    // closes, and the buckets here are a second wide.
    const during = await until(
      api.url,
      (r) => r.incidents.some((i) => i.upstream === 'vies' && i.open),
      'an open VIES incident',
      () => check(api.url, failingKey),
    );
    const open = during.incidents.find((i) => i.upstream === 'vies' && i.open);
    expect(open).toMatchObject({ reason: 'breaker_open', ended_at: null });
    expect(open?.success_rate).toBeLessThan(0.9);
    expect(viesOf(during)?.state).toBe('down');
    expect(viesOf(during)?.refused_1h).toBeGreaterThan(0);
    expect(viesOf(during)?.last_error?.class).toMatch(/^(http_500|circuit_open)$/);
    expect(during.overall).not.toBe('operational');

    // Healthy again: once the breaker lets a trial call through (30 s), calls succeed and the
    // next good bucket closes the incident.
    vies.upstream.reset();
    const healthyKey = await premiumKey();
    const healthy = Date.now();
    let answered = 0;
    while (answered < 10) {
      if (Date.now() - healthy > 45_000) throw new Error('VIES calls never succeeded again');
      const { status } = await check(api.url, healthyKey);
      if (status === 200) answered++;
      else await sleep(500);
    }
    // Calls go on meanwhile: the state is that of the recent calls.
    const after = await until(
      api.url,
      (r) =>
        r.incidents.some((i) => i.upstream === 'vies' && !i.open) &&
        viesOf(r)?.state === 'operational',
      'the VIES incident closed',
      () => check(api.url, healthyKey),
    );
    const closed = after.incidents.find((i) => i.upstream === 'vies' && !i.open);
    expect(Date.parse(String(closed?.ended_at))).toBeGreaterThan(
      Date.parse(String(closed?.started_at)),
    );
    expect(after.incidents.filter((i) => i.upstream === 'vies' && i.open)).toEqual([]);
    expect(viesOf(after)?.state).toBe('operational');
  }, 90_000);

  it('should count the GET answers of an endpoint, not its HEAD answers', async () => {
    const key = await premiumKey();
    const path = '/v1/cbs/sbi/62.10';
    for (let i = 0; i < 3; i++)
      expect(
        (await api.fetch(path, { method: 'HEAD', headers: { 'x-api-key': key } })).status,
      ).toBe(200);
    expect((await api.get(path, { 'x-api-key': key })).status).toBe(200);
    const report = await until(
      api.url,
      (r) => (endpointOf(r, 'cbs.sbi.lookup')?.windows['24h'].all.requests ?? 0) > 0,
      'the GET of an industry code',
    );
    // Written with the GET or before it: a HEAD counted would show here.
    await sleep(1_500);
    expect(endpointOf(await statusOf(api.url), 'cbs.sbi.lookup')?.windows['24h'].all.requests).toBe(
      1,
    );
    expect(endpointOf(report, 'cbs.sbi.lookup')?.windows['24h'].all.requests).toBe(1);
  });

  it('should keep the figures over a restart', async () => {
    // Every answer written, and the report built after the last write.
    await sleep(2_500);
    const before = await statusOf(api.url);
    const requests = endpointOf(before)?.windows['24h'].all.requests ?? 0;
    expect(requests).toBeGreaterThan(100);
    if (profile === 'standalone') {
      await api.close();
      api = await startStack(profile, {
        serviceEnv: { VIES_URL: vies.url },
        env: { ...STATUS_ENV, PGLITE_DATA_DIR: dataDir },
      });
    } else if (REAL_SERVERS) {
      // Another gateway process on the same database: what the first wrote is there.
      const other = await api.addGateway();
      const report = await statusOf(other);
      expect(endpointOf(report)?.windows['24h'].all).toEqual(
        endpointOf(before)?.windows['24h'].all,
      );
      return;
    } else return;
    const again = await statusOf(api.url);
    expect(endpointOf(again)?.windows['24h'].all).toEqual(endpointOf(before)?.windows['24h'].all);
    expect(again.incidents.map((i) => i.started_at)).toEqual(
      before.incidents.map((i) => i.started_at),
    );
    // The datasets the services reported (the disposable-domain list, SBI, NDW).
    expect(again.datasets.map((d) => d.name)).toEqual(
      expect.arrayContaining(['disposable-domains']),
    );
  }, 120_000);
});
