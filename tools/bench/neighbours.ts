// The noisy-neighbour row of `npm run bench`: the latency one key sees on a cached lookup while
// another key hammers the free `/v1/account/usage` of an account with 100,000 ledger rows, against
// the same load without the neighbour. Standalone, where everything shares one thread and one
// PGlite connection (the worst case). Both loads run at a fixed rate, so the p99 measures the work
// each request costs, not a queue the load generator built itself.
import autocannon from 'autocannon';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { childEnv, distPath, startProcess, stopProcess, waitReady } from './child-process.js';
import { readBenchKey } from './economy.js';

const PORT = 3410;
const HOST = '127.0.0.1';
const SECONDS = 15;
const LOOKUP_RATE = 100;
const HAMMER_RATE = 100;
/** The acceptance bound: p99 with the neighbour within this factor of the quiet p99. */
const MAX_RATIO = 1.5;

interface Run {
  readonly p99: number;
  readonly p50: number;
  readonly count2xx: number;
  readonly non2xx: number;
  readonly errors: number;
}

async function run(url: string, key: string, rate: number, connections: number): Promise<Run> {
  const r = await autocannon({
    url,
    headers: { 'x-api-key': key },
    connections,
    overallRate: rate,
    duration: SECONDS,
  });
  return {
    p99: r.latency.p99,
    p50: r.latency.p50,
    count2xx: r['2xx'],
    non2xx: r.non2xx,
    errors: r.errors,
  };
}

/** Runs the row and returns its lines (`!!` marks a miss of the bound or a failed load). */
export async function runNeighbourBench(progress: (m: string) => void): Promise<string[]> {
  const dir = await mkdtemp(join(tmpdir(), 'nl-bench-neighbours-'));
  const keyFile = join(dir, 'key');
  const env = { PORT: String(PORT), HOST, LOG_LEVEL: 'warn', PGLITE_DATA_DIR: 'memory' };
  const app = startProcess('standalone-neighbours', distPath('tools/bench/bench-app.js'), {
    ...childEnv({ ...env, BENCH_ROLE: 'standalone-neighbours', BENCH_KEY_FILE: keyFile }, [
      'NATS_URL',
      'DATABASE_URL',
      'REDIS_URL',
    ]),
  });
  try {
    await waitReady(app, `http://${HOST}:${PORT}/health/ready`);
    const quietKey = await readBenchKey(keyFile);
    const noisyKey = await readBenchKey(`${keyFile}.noisy`);
    const base = `http://${HOST}:${PORT}`;
    const lookup = `${base}/v1/cbs/sbi/6210`;
    const usage = `${base}/v1/account/usage`;
    const first = await fetch(usage, { headers: { 'x-api-key': noisyKey } });
    const days = ((await first.json()) as { usage: unknown[] }).usage.length;
    progress(`(n) noisy neighbour: quiet ${SECONDS} s, then ${SECONDS} s beside the hammer`);
    await run(lookup, quietKey, LOOKUP_RATE, 10); // warm-up
    const quiet = await run(lookup, quietKey, LOOKUP_RATE, 10);
    const [noisy, hammer] = await Promise.all([
      run(lookup, quietKey, LOOKUP_RATE, 10),
      run(usage, noisyKey, HAMMER_RATE, 8),
    ]);
    const ratio = noisy.p99 / Math.max(quiet.p99, 1);
    const failed = quiet.non2xx + noisy.non2xx + quiet.errors + noisy.errors + hammer.errors > 0;
    const mark = ratio > MAX_RATIO || failed ? '  <-- !!' : '';
    return [
      `Noisy neighbour (standalone, auth + limits + credits): cached GET /v1/cbs/sbi/6210 at ${LOOKUP_RATE} req/s for one key,`,
      `  alone: p50 ${quiet.p50} ms, p99 ${quiet.p99} ms;  while another key sends ${HAMMER_RATE} req/s to /v1/account/usage (100,000 ledger rows, ${days} usage rows): p50 ${noisy.p50} ms, p99 ${noisy.p99} ms`,
      `  p99 ratio ${ratio.toFixed(2)} (bound ${MAX_RATIO}); the neighbour got ${hammer.count2xx} × 200 and ${hammer.non2xx} × 429; lookups non-2xx ${quiet.non2xx + noisy.non2xx}, errors ${quiet.errors + noisy.errors + hammer.errors}${mark}`,
    ];
  } finally {
    await stopProcess(app);
    await rm(dir, { recursive: true, force: true });
  }
}
