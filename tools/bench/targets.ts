// What the bench compares. Each target starts its own process(es) on its own ports and hands back
// a RunningTarget; bench.ts warms, measures and stops them one after the other. Rows: the product
// as shipped (auth, rate limits and credits on), the same chain without those access steps, both
// standalone and distributed, and a bare Nest + Fastify baseline.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { childEnv } from './child-process.js';
import { appEnv, ENDPOINT, HOST, startApps, startWithKey, type RunningTarget } from './launch.js';
import { distributedUrls, unreachableServers } from './servers.js';

/** The catalog entry of {@link ENDPOINT}: its cached price is what each economy call must cost. */
export const ENDPOINT_ID = 'cbs.sbi.lookup';

/** Shared between targets: the body of the first target that ran, for the baseline to return. */
export interface BenchContext {
  referenceBody?: string;
  /**
   * `bench:pair` with `row@checkout`: the row is started from that checkout's build, to be
   * measured beside the same row of another build.
   */
  readonly checkout?: string;
  /** Added to the row's ports, so one row can run twice at once (two builds of it). */
  readonly portShift?: number;
}

const portOf = (port: number, ctx: BenchContext) => port + (ctx.portShift ?? 0);

export interface Target {
  /** Short name used in the ratios line: a, b, c, … */
  readonly key: string;
  readonly label: string;
  /** The row the others are divided by. */
  readonly baseline?: boolean;
  /** Key of another row this one is also compared with (the economy row with its open chain). */
  readonly versus?: string;
  /** Whether the endpoint reports x-cache, so the warm-up must end with a HIT. */
  readonly cached: boolean;
  /** Why the target cannot run here (missing servers, no body yet), or null to run it. */
  preflight?(ctx: BenchContext): Promise<string | null>;
  start(ctx: BenchContext): Promise<RunningTarget>;
}

const benchApp = 'tools/bench/bench-app.js';

export function standaloneTarget(key: string, economy: boolean, port: number): Target {
  return {
    key,
    label: economy ? 'standalone, auth + limits + credits' : 'standalone, open chain (no access)',
    versus: economy ? 'a0' : undefined,
    cached: true,
    start: (ctx) =>
      startWithKey(
        (keyFile) => [
          {
            name: economy ? 'standalone-economy' : 'standalone-open',
            script: benchApp,
            checkout: ctx.checkout,
            port: portOf(port, ctx),
            standalone: true,
            // Without the unset list it would use the real servers; we want in-process, PGlite,
            // memory cache, as `npm start`.
            env: childEnv(
              {
                ...appEnv(portOf(port, ctx)),
                PGLITE_DATA_DIR: 'memory',
                BENCH_ROLE: economy ? 'standalone-economy' : 'standalone-open',
                BENCH_KEY_FILE: keyFile,
              },
              ['NATS_URL', 'DATABASE_URL', 'REDIS_URL'],
            ),
          },
        ],
        portOf(port, ctx),
        economy,
      ),
  };
}

/**
 * The distributed gateway (with or without the access steps) in front of one domain service, as
 * processes on NATS, PostgreSQL and Redis; `prefix` keeps their caches and counters apart from
 * earlier runs.
 */
export function startDistributed(
  service: { readonly name: string; readonly script: string; readonly env?: NodeJS.ProcessEnv },
  port: number,
  economy: boolean,
  prefix: string,
  checkout?: string,
): Promise<RunningTarget> {
  const urls = distributedUrls();
  return startWithKey(
    (keyFile) => [
      {
        name: service.name,
        script: service.script,
        checkout,
        port: port + 1,
        env: childEnv({ ...appEnv(port + 1), ...urls, CACHE_KEY_PREFIX: prefix, ...service.env }),
      },
      {
        name: economy ? 'gateway-economy' : 'gateway-open',
        script: benchApp,
        checkout,
        port,
        env: childEnv({
          ...appEnv(port),
          ...urls,
          CACHE_KEY_PREFIX: prefix,
          BENCH_ROLE: economy ? 'gateway-economy' : 'gateway-open',
          BENCH_KEY_FILE: keyFile,
        }),
      },
    ],
    port,
    economy,
  );
}

function distributedTarget(key: string, economy: boolean, port: number): Target {
  return {
    key,
    label: economy
      ? 'distributed (→ NATS → cbs), auth + limits + credits'
      : 'distributed (→ NATS → cbs), open chain',
    versus: economy ? 'b0' : undefined,
    cached: true,
    preflight: () => unreachableServers(),
    // b and b0 run side by side, and their cbs services answer under the same NATS subjects (a
    // queue group), so each serves the other's calls too: both rows are measured in front of the
    // same two service replicas. They therefore share one cache prefix, so either replica has
    // the cached answer. A prefix of this run: caches and rate-limit counters of earlier runs
    // must not count.
    start: (ctx) =>
      startDistributed(
        { name: 'cbs', script: 'apps/cbs/src/main.js' },
        portOf(port, ctx),
        economy,
        `bench-${process.pid}-b`,
        ctx.checkout,
      ),
  };
}

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
    const env = childEnv({ PORT: '3409', HOST, BENCH_BODY_FILE: bodyFile }, [
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
          port: 3409,
          env,
          readyPath: ENDPOINT,
          // The same runtime as the standalone rows it is the baseline of.
          standalone: true,
        },
      ],
      3409,
      cleanup,
    );
  },
};

/** The row `target` is measured side by side with: the one it is compared with (`versus`) among `among`. */
export function pairOf(target: Target, among: readonly Target[]): Target | undefined {
  return among.find((other) => other.key === target.versus);
}

export const TARGETS: readonly Target[] = [
  standaloneTarget('a', true, 3401),
  standaloneTarget('a0', false, 3402),
  distributedTarget('b', true, 3403),
  distributedTarget('b0', false, 3405),
  bare,
];
