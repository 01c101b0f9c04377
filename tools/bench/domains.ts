// The domain rows of `npm run bench`, through the standalone gateway with auth, limits and
// credits on: cached VAT and DNS, cold VAT checks against a VIES fake answering after 200 ms,
// cached vehicle lookups, and cold full vehicle lookups against an RDW fake answering each of
// the four datasets after 50 ms (parallel means about one round, not four); cached company
// profiles, and cold ones with vies=true (KVK 80 ms, then VIES 200 ms through the VAT service). The fakes run in
// this process; the app in its own.
import { kvkRecording } from '@nl/domain-kvk';
import { rdwRecording, recordedRows } from '@nl/domain-rdw';
import { ViesRecording } from '@nl/domain-validation';
import { FakeDns, FakeUpstream, RdwFake, ViesFake, datasetPath } from '@nl/testing';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { childEnv, distPath, startProcess, stopProcess, waitReady } from './child-process.js';
import { readBenchKey } from './economy.js';
import { LOAD } from './measure.js';
import { unreachableServers } from './servers.js';
import { startDistributed } from './targets.js';

const PORT = 3407;
const HOST = '127.0.0.1';
const VIES_LATENCY_MS = 200;
const COLD_CALLS = 40;
const RDW_LATENCY_MS = 50;
const KVK_LATENCY_MS = 80;
const KVK_COLD_CALLS = 10;

/**
 * The KVK fake of the bench: the recorded test environment, and for the cold rows any other
 * 8-digit number answered with the recorded owners' association's profile under that number
 * (bench data only, never served by the product).
 */
async function kvkFake(): Promise<FakeUpstream> {
  const recorded = JSON.parse(
    readFileSync(
      new URL(
        '../../libs/domains/kvk/src/upstream/kvk/recorded/basisprofielen_v1_90000749_200.json',
        import.meta.url,
      ),
      'utf8',
    ),
  ) as { body: Record<string, unknown> };
  return FakeUpstream.serving(kvkRecording(), [
    {
      method: 'GET',
      path: '/v1/basisprofielen/:n',
      handle: (r) => ({ body: { ...recorded.body, kvkNummer: r.params['n'] } }),
    },
  ]);
}

/** Dutch VAT numbers that pass the elfproef, none of them cached yet. */
function coldNumbers(count: number): string[] {
  const out: string[] = [];
  for (let base = 10_000_000; out.length < count; base += 7_919) {
    const digits = String(base).padStart(8, '0');
    const sum = [...digits].reduce((s, d, i) => s + Number(d) * (9 - i), 0) % 11;
    if (sum < 10) out.push(`NL${digits}${sum}B01`);
  }
  return out;
}

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export interface LoadRow {
  readonly label: string;
  readonly reqPerSec: number;
  readonly p50: number;
  readonly p99: number;
  readonly non2xx: number;
  readonly errors: number;
}

export async function load(
  label: string,
  url: string,
  init: { method: 'GET' | 'POST'; headers: Record<string, string>; body?: string },
): Promise<LoadRow> {
  // Warm the cache and check it is the cached path we measure.
  for (let i = 0; i < 2; i++) {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${label}: ${url} answered ${res.status}`);
    if (i === 1 && res.headers.get('x-cache') !== 'HIT')
      throw new Error(`${label}: x-cache was ${res.headers.get('x-cache')} after warm-up`);
  }
  const options = { url, connections: LOAD.connections, ...init };
  await autocannon({ ...options, duration: LOAD.warmupSeconds });
  const r = await autocannon({ ...options, duration: LOAD.durationSeconds });
  return {
    label,
    reqPerSec: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors,
  };
}

/** The cached company profile through the distributed gateway and the kvk service on NATS. */
async function distributedKvkRow(kvkUrl: string): Promise<LoadRow> {
  const label = 'cached GET /v1/kvk/{n}, distributed';
  const skip = await unreachableServers();
  if (skip)
    return {
      label: `${label}: skipped, ${skip}`,
      reqPerSec: 0,
      p50: 0,
      p99: 0,
      non2xx: 0,
      errors: 0,
    };
  const port = 3411;
  const running = await startDistributed(
    {
      name: 'kvk',
      script: 'apps/kvk/src/main.js',
      env: { KVK_URL: kvkUrl, KVK_API_KEY: 'bench-kvk-key' },
    },
    port,
    true,
    `bench-${process.pid}-kvk`,
  );
  try {
    return await load(label, `http://${HOST}:${port}/v1/kvk/69599084`, {
      method: 'GET',
      headers: running.headers ?? {},
    });
  } finally {
    await running.stop();
  }
}

export interface DomainsApp {
  readonly base: string;
  /** The seeded bench key (auth, limits and credits on). */
  readonly key: string;
  stop(): Promise<void>;
}

/**
 * The standalone app with every domain as a child process on `port`, its upstreams at
 * `upstreams` (every other one pinned to nowhere), ready and with its bench key read.
 */
export async function startDomainsApp(
  name: string,
  port: number,
  upstreams: Record<string, string>,
): Promise<DomainsApp> {
  const dir = await mkdtemp(join(tmpdir(), `nl-bench-${name}-`));
  const keyFile = join(dir, 'key');
  const app = startProcess(name, distPath('tools/bench/bench-app.js'), {
    ...childEnv(
      {
        PORT: String(port),
        HOST,
        LOG_LEVEL: 'warn',
        PGLITE_DATA_DIR: 'memory',
        BENCH_ROLE: 'standalone-domains',
        BENCH_KEY_FILE: keyFile,
        ...upstreams,
      },
      ['NATS_URL', 'DATABASE_URL', 'REDIS_URL'],
    ),
  });
  const stop = async () => {
    await stopProcess(app);
    await rm(dir, { recursive: true, force: true });
  };
  try {
    await waitReady(app, `http://${HOST}:${port}/health/ready`);
    return { base: `http://${HOST}:${port}`, key: await readBenchKey(keyFile), stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Runs the rows and returns the lines to print (or why it could not). */
export async function runDomainBench(progress: (m: string) => void): Promise<string[]> {
  const vies = await ViesFake.start(new ViesRecording());
  const dns = await FakeDns.start({
    'example.nl': {
      A: ['192.0.2.10'],
      AAAA: ['2001:db8::10'],
      MX: [{ preference: 10, exchange: 'mx1.example.nl' }],
      NS: ['ns1.example.nl'],
      TXT: [['v=spf1 mx -all']],
    },
  });
  const rdw = await RdwFake.start({ recording: rdwRecording, rows: recordedRows });
  const kvk = await kvkFake();
  const app = await startDomainsApp('standalone-domains', PORT, {
    VIES_URL: vies.url,
    DNS_SERVERS: dns.server,
    RDW_URL: rdw.url,
    KVK_URL: kvk.url,
    KVK_API_KEY: 'bench-kvk-key',
  });
  try {
    const { base, key } = app;
    const auth = { 'x-api-key': key, 'content-type': 'application/json' };

    progress(
      `(v) cached VAT, DNS and vehicles through the standalone gateway, ${LOAD.durationSeconds} s each`,
    );
    const rows: LoadRow[] = [
      await load('cached POST /v1/validate/vat', `${base}/v1/validate/vat`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ vat_number: 'NL004495445B01' }),
      }),
      await load(
        'cached GET /v1/lookup/dns/records (ALL)',
        `${base}/v1/lookup/dns/records?domain=example.nl`,
        {
          method: 'GET',
          headers: auth,
        },
      ),
    ];

    rows.push(
      await load(
        'cached GET /v1/rdw/vehicle-lite',
        `${base}/v1/rdw/vehicle-lite?license_plate=TT601D`,
        {
          method: 'GET',
          headers: auth,
        },
      ),
      await load(
        'cached GET /v1/rdw/vehicle (full)',
        `${base}/v1/rdw/vehicle?license_plate=TT601D`,
        {
          method: 'GET',
          headers: auth,
        },
      ),
      await load('cached GET /v1/kvk/{companyNumber}', `${base}/v1/kvk/69599084`, {
        method: 'GET',
        headers: auth,
      }),
    );
    progress(
      `(v) ${COLD_CALLS} cold VAT checks, one at a time, VIES fake answering after ${VIES_LATENCY_MS} ms`,
    );
    vies.upstream.slow(VIES_LATENCY_MS);
    const times: number[] = [];
    for (const vat of coldNumbers(COLD_CALLS)) {
      const started = performance.now();
      const res = await fetch(`${base}/v1/validate/vat`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ vat_number: vat }),
      });
      await res.arrayBuffer();
      if (res.status !== 200 || res.headers.get('x-cache') !== 'MISS')
        throw new Error(`cold VAT ${vat}: ${res.status} ${res.headers.get('x-cache')}`);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const p50 = percentile(times, 50);
    const p99 = percentile(times, 99);

    progress(
      `(v) cold full vehicle lookups, RDW fake answering each dataset after ${RDW_LATENCY_MS} ms`,
    );
    rdw.upstream.slow(RDW_LATENCY_MS);
    rdw.upstream.clearCalls();
    const rdwTimes: number[] = [];
    // Plates not looked up in full yet (TT601D is, by the cached rows above).
    for (const plate of ['F794KP', 'R759BK', 'XXX99X']) {
      const started = performance.now();
      const res = await fetch(`${base}/v1/rdw/vehicle?license_plate=${plate}`, { headers: auth });
      await res.arrayBuffer();
      if (res.status !== 200 || res.headers.get('x-cache') === 'HIT')
        throw new Error(`cold vehicle ${plate}: ${res.status} ${res.headers.get('x-cache')}`);
      rdwTimes.push(performance.now() - started);
    }
    const datasetsCalled = ['m9d7-ebf2', '8ys7-d773', 'vezc-m2t6', '3huj-srit'].map(
      (d) => rdw.upstream.callsTo(datasetPath(d)).length,
    );
    rdwTimes.sort((a, b) => a - b);
    const rdwMedian = percentile(rdwTimes, 50);
    progress(
      `(v) cold company profiles with vies=true, KVK fake ${KVK_LATENCY_MS} ms, VIES fake ${VIES_LATENCY_MS} ms`,
    );
    kvk.slow(KVK_LATENCY_MS);
    const kvkTimes: number[] = [];
    const vats = coldNumbers(COLD_CALLS + KVK_COLD_CALLS).slice(COLD_CALLS);
    for (const [i, vat] of vats.entries()) {
      const number = String(80_000_000 + i);
      const started = performance.now();
      const res = await fetch(`${base}/v1/kvk/${number}?vies=true&vat=${vat}`, { headers: auth });
      const body = (await res.json()) as { vat?: { status?: string; validatedAt?: string } };
      if (res.status !== 200 || res.headers.get('x-cache') !== 'MISS' || !body.vat?.validatedAt)
        throw new Error(`cold kvk ${number}: ${res.status} ${JSON.stringify(body.vat)}`);
      kvkTimes.push(performance.now() - started);
    }
    kvkTimes.sort((a, b) => a - b);
    const kvkMedian = percentile(kvkTimes, 50);
    const upstreams = KVK_LATENCY_MS + VIES_LATENCY_MS;
    rows.push(await distributedKvkRow(kvk.url));
    const table = rows.map(
      (r) =>
        `${r.label.padEnd(46)}${String(Math.round(r.reqPerSec)).padStart(8)} req/s   p50 ${r.p50} ms   p99 ${r.p99} ms   err/non2xx ${r.errors}/${r.non2xx}${r.errors || r.non2xx ? '  <-- !!' : ''}`,
    );
    return [
      `Domains through the standalone gateway (auth + limits + credits on), ${LOAD.connections} connections:`,
      ...table,
      `cold GET /v1/rdw/vehicle (4 datasets, ${RDW_LATENCY_MS} ms each), ${rdwTimes.length} plates: median ${rdwMedian.toFixed(1)} ms, max ${rdwTimes[rdwTimes.length - 1].toFixed(1)} ms; cold / ${RDW_LATENCY_MS} ms = ${(rdwMedian / RDW_LATENCY_MS).toFixed(2)} (4 in a row would be ≥ 4.00); calls per dataset ${datasetsCalled.join('/')}`,
      `cold POST /v1/validate/vat, VIES fake ${VIES_LATENCY_MS} ms, ${COLD_CALLS} calls one by one: p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms; p50 / upstream latency = ${(p50 / VIES_LATENCY_MS).toFixed(2)} (our overhead ${(p50 - VIES_LATENCY_MS).toFixed(1)} ms)`,
      `cold GET /v1/kvk/{n}?vies=true (KVK ${KVK_LATENCY_MS} ms, then VIES ${VIES_LATENCY_MS} ms via the VAT service), ${kvkTimes.length} calls: median ${kvkMedian.toFixed(1)} ms, max ${kvkTimes[kvkTimes.length - 1].toFixed(1)} ms; median / ${upstreams} ms = ${(kvkMedian / upstreams).toFixed(2)}`,
    ];
  } finally {
    await app.stop();
    await vies.close();
    await dns.close();
    await rdw.close();
    await kvk.close();
  }
}
