// The start-up rows of `npm run bench`: how long `npm start` (build, then the standalone app) takes
// to answer /health/ready on a fresh clone (no data directory, no PGlite template yet) and on later
// starts, and the app's resident memory idle after a start and at its peak during one. The fresh
// clone is a copy of the working tree's files beside a node_modules of links to this checkout's
// packages, so its node_modules/.cache, where the template goes, starts empty while this checkout's
// cache (which tests may be using) is left alone.
import { execFileSync } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { childEnv, rssMb, startProcess, stopProcess, waitReady } from './child-process.js';

/** This file runs as dist/tools/bench/startup.js. */
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const PORT = 3411;
const HOST = '127.0.0.1';
const RUNS = 3;
const IDLE_MS = 5_000;
/** V8's memory reducer returns the start-up's spare heap some 20–30 s after it (~40 MB). */
const SETTLED_MS = 30_000;
const TARGETS = { firstSeconds: 5, laterSeconds: 2, idleMb: 250 };

interface Start {
  /** Build plus app, to /health/ready: what `npm start` makes one wait. */
  readonly seconds: number;
  readonly buildSeconds: number;
  readonly idleMb: number;
  /** After {@link SETTLED_MS}, later starts only (it makes each start half a minute longer). */
  readonly settledMb?: number;
  readonly peakMb: number;
}

async function freshClone(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'nl-bench-clone-'));
  const files = execFileSync(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
    {
      cwd: ROOT,
    },
  );
  for (const file of files.toString('utf8').split('\0').filter(Boolean)) {
    await mkdir(dirname(join(dir, file)), { recursive: true });
    await copyFile(join(ROOT, file), join(dir, file)).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error; // deleted but not yet staged
    });
  }
  await mkdir(join(dir, 'node_modules'));
  for (const entry of await readdir(join(ROOT, 'node_modules')))
    if (entry !== '.cache')
      await symlink(join(ROOT, 'node_modules', entry), join(dir, 'node_modules', entry));
  return dir;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One `npm start` in `cwd`, stopped again after the idle reading. */
async function start(cwd: string, settle = false): Promise<Start> {
  // The default data directory (./.data of the clone), in-process transport, memory cache.
  const env = childEnv({ PORT: String(PORT), HOST, LOG_LEVEL: 'warn' }, [
    'NATS_URL',
    'DATABASE_URL',
    'REDIS_URL',
    'PGLITE_DATA_DIR',
  ]);
  const began = performance.now();
  // As `npm start` does: build (bundling in the background when the bundle is not of this build),
  // then the launcher, which runs the bundle if it is of this build.
  const build = startProcess('build', join(cwd, 'tools/scripts/build.mjs'), env, {
    cwd,
    args: ['--bundle'],
  });
  await build.exited;
  if (build.child.exitCode !== 0) throw new Error(`build failed:\n${build.output.join('\n')}`);
  const buildSeconds = (performance.now() - began) / 1000;
  const app = startProcess('standalone', join(cwd, 'dist/apps/standalone/src/start.js'), env, {
    cwd,
    standalone: true,
  });
  try {
    await waitReady(app, `http://${HOST}:${PORT}/health/ready`, 120_000, 20);
    const seconds = (performance.now() - began) / 1000;
    await sleep(IDLE_MS);
    const idleMb = (await rssMb(app.child.pid, 'VmRSS')) ?? NaN;
    const peakMb = (await rssMb(app.child.pid, 'VmHWM')) ?? NaN;
    if (!settle) return { seconds, buildSeconds, idleMb, peakMb };
    await sleep(SETTLED_MS - IDLE_MS);
    const settledMb = (await rssMb(app.child.pid, 'VmRSS')) ?? NaN;
    return { seconds, buildSeconds, idleMb, settledMb, peakMb };
  } finally {
    await stopProcess(app);
  }
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** `median (min–max)` of one measure over the runs. */
function spread(starts: readonly Start[], pick: (s: Start) => number, digits: number): string {
  const values = starts.map(pick);
  const f = (v: number) => v.toFixed(digits);
  return `${f(median(values))} (${f(Math.min(...values))}–${f(Math.max(...values))})`;
}

const over = (value: number, target: number) => (value > target ? '  <-- over target' : '');

function lines(first: readonly Start[], later: readonly Start[]): string[] {
  const row = (label: string, value: string) => `  ${label.padEnd(56)}${value}`;
  return [
    `Start-up: npm start (build + standalone, PGlite in ./.data), median (min–max) of ${RUNS}`,
    row(
      'first start, fresh clone, to /health/ready',
      `${spread(first, (s) => s.seconds, 1)} s   target ≤ ${TARGETS.firstSeconds} s${over(median(first.map((s) => s.seconds)), TARGETS.firstSeconds)}`,
    ),
    row(
      'later start to /health/ready',
      `${spread(later, (s) => s.seconds, 1)} s   target ≤ ${TARGETS.laterSeconds} s${over(median(later.map((s) => s.seconds)), TARGETS.laterSeconds)}`,
    ),
    row('  of which the build', `${spread(later, (s) => s.buildSeconds, 1)} s`),
    row(
      `idle RSS ${IDLE_MS / 1000} s after a first start`,
      `${spread(first, (s) => s.idleMb, 0)} MB   target ≤ ${TARGETS.idleMb} MB${over(median(first.map((s) => s.idleMb)), TARGETS.idleMb)}`,
    ),
    row(
      `idle RSS ${IDLE_MS / 1000} s after a later start`,
      `${spread(later, (s) => s.idleMb, 0)} MB   target ≤ ${TARGETS.idleMb} MB${over(median(later.map((s) => s.idleMb)), TARGETS.idleMb)}`,
    ),
    row(
      `idle RSS ${SETTLED_MS / 1000} s after a later start`,
      `${spread(later, (s) => s.settledMb ?? NaN, 0)} MB`,
    ),
    row('peak RSS during a first start', `${spread(first, (s) => s.peakMb, 0)} MB`),
    row('peak RSS during a later start', `${spread(later, (s) => s.peakMb, 0)} MB`),
    '  (the app process; a first start makes the PGlite template in a child process, not counted)',
    '  (later starts run the bundle npm start made in the background after the first one)',
  ];
}

/**
 * Waits (up to a minute) for the bundle `npm start` has made in the background since a first
 * start (tools/scripts/bundle.mjs): no bundler then runs during the next measurement, and later
 * starts run the bundle, as every start after a first session of more than ~15 s does.
 */
async function bundled(cwd: string): Promise<void> {
  const read = (path: string) => readFile(join(cwd, 'dist', path), 'utf8').catch(() => null);
  for (let waited = 0; waited < 60_000; waited += 250) {
    const build = await read('.build-id');
    if (build !== null && build === (await read('bundle/standalone/.build-id'))) return;
    await sleep(250);
  }
  throw new Error('npm start made no bundle of its build within a minute');
}

/** Runs the rows and returns their lines. */
export async function runStartupBench(progress: (m: string) => void): Promise<string[]> {
  const clone = await freshClone();
  try {
    const first: Start[] = [];
    for (let run = 1; run <= RUNS; run++) {
      progress(`(s) first start ${run}/${RUNS} in a fresh clone`);
      for (const made of ['node_modules/.cache', '.data', 'dist'])
        await rm(join(clone, made), { recursive: true, force: true });
      first.push(await start(clone));
      await bundled(clone);
    }
    const later: Start[] = [];
    for (let run = 1; run <= RUNS; run++) {
      progress(`(s) later start ${run}/${RUNS}`);
      later.push(await start(clone, true));
    }
    return lines(first, later);
  } finally {
    await rm(clone, { recursive: true, force: true });
  }
}
