// Shared pieces of the domain rows of `npm run bench`: the standalone app with every domain as
// a child process, a cached-path load row, percentiles, and cold VAT numbers.
import autocannon from 'autocannon';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { childEnv, distPath, startProcess, stopProcess, waitReady } from './child-process.js';
import { readBenchKey } from './economy.js';
import { LOAD } from './measure.js';

export const HOST = '127.0.0.1';
/** How long the VIES fake of the domain rows takes to answer. */
export const VIES_LATENCY_MS = 200;

/** Dutch VAT numbers that pass the elfproef, none of them cached yet. */
export function coldNumbers(count: number): string[] {
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

/** One row of a load table, marked `<-- !!` when a request failed. */
export function formatLoadRow(r: LoadRow): string {
  return `${r.label.padEnd(46)}${String(Math.round(r.reqPerSec)).padStart(8)} req/s   p50 ${r.p50} ms   p99 ${r.p99} ms   err/non2xx ${r.errors}/${r.non2xx}${r.errors || r.non2xx ? '  <-- !!' : ''}`;
}

export interface DomainsApp {
  readonly base: string;
  /** The seeded bench key (auth, limits and credits on). */
  readonly key: string;
  /** The app's process id (its CPU time and memory are in /proc). */
  readonly pid: number | undefined;
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
    return {
      base: `http://${HOST}:${port}`,
      key: await readBenchKey(keyFile),
      pid: app.child.pid,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
