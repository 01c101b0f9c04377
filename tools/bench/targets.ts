// What the bench compares. Each target starts its own process(es) on its own ports and hands back
// a RunningTarget; bench.ts warms, measures and stops them one after the other. To add a row
// (e.g. "with auth, limits and credits"), append a Target to TARGETS: set `headers` on the
// RunningTarget for an API key, and reuse startApps() for the processes.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  childEnv,
  distPath,
  startProcess,
  stopProcess,
  waitReady,
  type AppProcess,
} from './child-process.js';
import { canConnect, distributedUrls, unreachableServers } from './servers.js';

export const ENDPOINT = '/v1/cbs/sbi/6210';
const HOST = '127.0.0.1';

/** Shared between targets: the body of the first target that ran, for the baseline to return. */
export interface BenchContext {
  referenceBody?: string;
}

export interface RunningTarget {
  readonly url: string;
  /** Extra request headers for warm-up and load (an API key, once the gateway needs one). */
  readonly headers?: Record<string, string>;
  /** Every process of the target, for peak RSS. */
  readonly pids: readonly number[];
  stop(): Promise<void>;
}

export interface Target {
  /** Short name used in the ratios line: a, b, c, … */
  readonly key: string;
  readonly label: string;
  /** The row the others are divided by. */
  readonly baseline?: boolean;
  /** Whether the endpoint reports x-cache, so the warm-up must end with a HIT. */
  readonly cached: boolean;
  /** Why the target cannot run here (missing servers, no body yet), or null to run it. */
  preflight?(ctx: BenchContext): Promise<string | null>;
  start(ctx: BenchContext): Promise<RunningTarget>;
}

interface AppSpec {
  readonly name: string;
  /** Script under dist/. */
  readonly script: string;
  readonly port: number;
  readonly env: NodeJS.ProcessEnv;
  /** Polled until 200; the apps have /health/ready, the bare baseline only its one route. */
  readonly readyPath?: string;
}

/** Starts the apps in order, each ready before the next (services before the gateway that calls them). */
export async function startApps(
  specs: readonly AppSpec[],
  publicPort: number,
  cleanup?: () => Promise<void>,
): Promise<RunningTarget> {
  const started: AppProcess[] = [];
  const stop = async () => {
    for (const proc of [...started].reverse()) await stopProcess(proc);
    await cleanup?.();
  };
  try {
    for (const spec of specs) {
      // A leftover process on the port would answer the readiness poll and get measured instead.
      if ((await canConnect(HOST, spec.port)) === null)
        throw new Error(`port ${spec.port} is already in use`);
      const proc = startProcess(spec.name, distPath(spec.script), spec.env);
      started.push(proc);
      await waitReady(proc, `http://${HOST}:${spec.port}${spec.readyPath ?? '/health/ready'}`);
    }
  } catch (err) {
    await stop();
    throw err;
  }
  const pids = started.map((p) => p.child.pid).filter((pid): pid is number => pid !== undefined);
  return { url: `http://${HOST}:${publicPort}${ENDPOINT}`, pids, stop };
}

/** The apps log at warn so logging a line per request doesn't dominate what we measure. */
const appEnv = (port: number) => ({ PORT: String(port), HOST, LOG_LEVEL: 'warn' });

const standalone: Target = {
  key: 'a',
  label: 'standalone (in-process)',
  cached: true,
  start: () =>
    startApps(
      [
        {
          name: 'standalone',
          script: 'apps/standalone/src/main.js',
          port: 3401,
          // Without these it would use the real servers; we want in-process, PGlite, memory cache.
          env: childEnv({ ...appEnv(3401), PGLITE_DATA_DIR: 'memory' }, [
            'NATS_URL',
            'DATABASE_URL',
            'REDIS_URL',
          ]),
        },
      ],
      3401,
    ),
};

const distributed: Target = {
  key: 'b',
  label: 'distributed (gateway → NATS → cbs)',
  cached: true,
  preflight: () => unreachableServers(),
  start: () => {
    const urls = distributedUrls();
    return startApps(
      [
        {
          name: 'cbs',
          script: 'apps/cbs/src/main.js',
          port: 3403,
          env: childEnv({ ...appEnv(3403), ...urls }),
        },
        {
          name: 'gateway',
          script: 'apps/gateway/src/main.js',
          port: 3402,
          env: childEnv({ ...appEnv(3402), ...urls }),
        },
      ],
      3402,
    );
  },
};

const bare: Target = {
  key: 'c',
  label: 'bare Nest + Fastify, same JSON',
  baseline: true,
  cached: false,
  preflight: async (ctx) =>
    ctx.referenceBody ? null : 'no reference body: no earlier target answered',
  start: async (ctx) => {
    // A file rather than an env value: the body is ~1 KB of UTF-8 and may grow.
    const dir = await mkdtemp(join(tmpdir(), 'nl-bench-'));
    const bodyFile = join(dir, 'body.json');
    await writeFile(bodyFile, ctx.referenceBody ?? '');
    const env = childEnv({ PORT: '3404', HOST, BENCH_BODY_FILE: bodyFile }, [
      'NATS_URL',
      'DATABASE_URL',
      'REDIS_URL',
    ]);
    const cleanup = () => rm(dir, { recursive: true, force: true });
    return startApps(
      [
        {
          name: 'bare-server',
          script: 'tools/bench/bare-server.js',
          port: 3404,
          env,
          readyPath: ENDPOINT,
        },
      ],
      3404,
      cleanup,
    );
  },
};

export const TARGETS: readonly Target[] = [standalone, distributed, bare];
