import { rdwRecording, recordedRows } from '@nl/domain-rdw';
import { ViesRecording } from '@nl/domain-validation';
// `npm run fuzz -- --cases 100000 --seed 1 --concurrency 16`: hostile requests for every
// operation of the OpenAPI document against the standalone app in a child process, with every
// upstream faked on 127.0.0.1. Prints status counts per operation, the failure signatures with
// a reproduction each, and exits 1 on any failure (or if the server died).
// `--first 1234 --cases 1` replays one case of a seed; `--per-operation` prints a reproduction
// for every failure signature instead of one per group of operations.
import {
  FuzzGenerator,
  formatReport,
  placeholdersOf,
  provisionFuzzContext,
  runFuzz,
  startFuzzUpstreams,
  type FuzzStats,
  type OpenApiDocument,
} from '@nl/testing';
import { randomBytes } from 'node:crypto';
import { createServer, type AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import {
  childEnv,
  distPath,
  killChildrenOnExit,
  startProcess,
  stopProcess,
  waitReady,
} from '../bench/child-process.js';

const HOST = '127.0.0.1';
const progress = (message: string) => process.stderr.write(`${message}\n`);

function options() {
  const { values } = parseArgs({
    options: {
      cases: { type: 'string', default: '20000' },
      seed: { type: 'string', default: '1' },
      concurrency: { type: 'string', default: '16' },
      first: { type: 'string', default: '0' },
      keys: { type: 'string', default: '16' },
      timeout: { type: 'string', default: '10000' },
      'per-operation': { type: 'boolean', default: false },
    },
  });
  const number = (name: 'cases' | 'seed' | 'concurrency' | 'first' | 'keys' | 'timeout') => {
    const n = Number(values[name]);
    if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} must be a whole number`);
    return n;
  };
  return {
    cases: number('cases'),
    seed: number('seed'),
    concurrency: Math.max(1, number('concurrency')),
    first: number('first'),
    keys: Math.max(1, number('keys')),
    timeoutMs: number('timeout'),
    perOperation: values['per-operation'],
  };
}

/** A port nothing listens on right now (the app gets it through PORT). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, HOST, () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function progressEvery(total: number) {
  const step = Math.max(100, Math.round(total / 20));
  const started = performance.now();
  return (done: number, stats: FuzzStats) => {
    if (done % step !== 0 && done !== total) return;
    const failing = [...stats.failures.values()].reduce((n, f) => n + f.count, 0);
    const seconds = ((performance.now() - started) / 1000).toFixed(0);
    progress(`  ${done}/${total} cases, ${failing} failing, ${seconds} s`);
  };
}

async function main(): Promise<number> {
  const opts = options();
  const upstreams = await startFuzzUpstreams({
    rdw: { recording: rdwRecording, rows: recordedRows },
    vies: () => new ViesRecording(),
  });
  const port = await freePort();
  const adminToken = `fuzz-admin-${randomBytes(16).toString('hex')}`;
  const app = startProcess(
    'standalone',
    distPath('apps/standalone/src/main.js'),
    childEnv(
      {
        PORT: String(port),
        HOST,
        PGLITE_DATA_DIR: 'memory',
        LOG_LEVEL: 'silent',
        ADMIN_TOKEN: adminToken,
        ...upstreams.env,
      },
      ['DATABASE_URL', 'REDIS_URL', 'NATS_URL'],
    ),
  );
  try {
    const base = `http://${HOST}:${port}`;
    await waitReady(app, `${base}/health/ready`);
    const ctx = await provisionFuzzContext(base, adminToken, opts.keys);
    const doc = (await (await fetch(`${base}/openapi.json`)).json()) as OpenApiDocument;
    const generator = new FuzzGenerator(doc, ctx, opts.seed);
    progress(
      `fuzzing ${base}: ${generator.operations.length} operations, ${opts.cases} cases from #${opts.first}, seed ${opts.seed}, concurrency ${opts.concurrency}`,
    );
    const stats = await runFuzz(generator, {
      host: HOST,
      port,
      count: opts.cases,
      first: opts.first,
      concurrency: opts.concurrency,
      timeoutMs: opts.timeoutMs,
      onProgress: progressEvery(opts.cases),
    });
    process.stdout.write(`${formatReport(stats, placeholdersOf(ctx), opts.perOperation)}\n`);
    if (stats.serverDied)
      process.stdout.write(`--- last output of the app ---\n${app.output.join('\n')}\n`);
    return stats.failures.size > 0 || stats.serverDied ? 1 : 0;
  } finally {
    await stopProcess(app);
    await upstreams.close();
  }
}

killChildrenOnExit();
main().then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    progress(`fuzz FAILED: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    process.exitCode = 1;
  },
);
