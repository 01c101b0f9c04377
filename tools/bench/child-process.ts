// Starting, watching and stopping the benchmarked apps. Every app runs as its own child process so
// a target can be started, measured and stopped before the next one: they never share the CPUs.
import { envVarGroups } from '@nl/composition';
import { localUpstreamEnv } from '@nl/testing';
import { spawn, type ChildProcess } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * A path inside dist/: of this checkout (this file is compiled to dist/tools/bench/child-process.js),
 * or of the checkout at `checkout`, whose build `bench:pair` measures beside this one's.
 */
export function distPath(relative: string, checkout?: string): string {
  if (checkout) return join(checkout, 'dist', relative);
  return fileURLToPath(new URL(`../../${relative}`, import.meta.url));
}

export interface AppProcess {
  readonly name: string;
  readonly child: ChildProcess;
  /** The last lines the app printed, shown when it fails to start or dies. */
  readonly output: string[];
  readonly exited: Promise<void>;
}

const OUTPUT_LINES = 40;
const live = new Set<ChildProcess>();

/**
 * The bench's environment plus `set`, without `unset` (so e.g. standalone cannot pick up
 * DATABASE_URL). Every upstream variable of every app is pinned to a closed local port unless
 * `set` points it at a fake: the bench and the fuzz never leave the machine.
 */
export function childEnv(
  set: Record<string, string>,
  unset: readonly string[] = [],
): NodeJS.ProcessEnv {
  const pinned = localUpstreamEnv(envVarGroups().flatMap((g) => g.vars));
  const env: NodeJS.ProcessEnv = { ...process.env, ...pinned, ...set };
  for (const name of unset) delete env[name];
  return env;
}

/**
 * Node's flags for the standalone server, as `npm start` gives them (package.json's `start`;
 * keep the two alike): a young generation of up to 32 MB instead of 16. Under load every
 * collection of it copies what the calls in flight hold, about the same each time, so half as
 * many collections cost about half as much; ~40 MB more at peak under load.
 */
const STANDALONE_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=32'];

export interface ProcessOptions {
  readonly cwd?: string;
  /** The script's arguments. */
  readonly args?: readonly string[];
  /** Runs with the standalone server's Node flags, as `npm start` runs it. */
  readonly standalone?: boolean;
}

export function startProcess(
  name: string,
  script: string,
  env: NodeJS.ProcessEnv,
  { cwd, args = [], standalone = false }: ProcessOptions = {},
): AppProcess {
  // BENCH_CHILD_FLAGS adds Node flags to every app the bench starts (`--cpu-prof` to see where
  // an app's time goes; NODE_OPTIONS does not take it).
  const extra = process.env.BENCH_CHILD_FLAGS?.split(' ').filter(Boolean) ?? [];
  const flags = [...(standalone ? STANDALONE_NODE_FLAGS : []), ...extra];
  const child = spawn(process.execPath, [...flags, script, ...args], {
    env,
    cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    output.splice(0, Math.max(0, output.length - OUTPUT_LINES));
  };
  // Piped, not inherited, so the apps' banners and warnings don't interleave with the table.
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  child.on('error', (err) => output.push(`spawn failed: ${err.message}`));
  live.add(child);
  const exited = new Promise<void>((resolve) => {
    child.once('close', () => {
      live.delete(child);
      resolve();
    });
  });
  return { name, child, output, exited };
}

function hasExited(proc: AppProcess): boolean {
  return proc.child.exitCode !== null || proc.child.signalCode !== null;
}

function outputTail(proc: AppProcess): string {
  return proc.output.length
    ? `\n--- last output of ${proc.name} ---\n${proc.output.join('\n')}`
    : '';
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Polls `url` until it answers 200, every `intervalMs`; fails early, with the app's output, if
 * the app exits.
 */
export async function waitReady(
  proc: AppProcess,
  url: string,
  timeoutMs = 60_000,
  intervalMs = 200,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (hasExited(proc)) {
      throw new Error(
        `${proc.name} exited (code ${proc.child.exitCode ?? proc.child.signalCode}) before it was ready${outputTail(proc)}`,
      );
    }
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      await res.arrayBuffer(); // drain, so the socket is released
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await sleep(intervalMs);
  }
  throw new Error(
    `${proc.name} was not ready at ${url} within ${timeoutMs / 1000} s${outputTail(proc)}`,
  );
}

/** SIGTERM (the apps shut down gracefully), SIGKILL if that takes over 10 s; resolves once it is gone. */
export async function stopProcess(proc: AppProcess): Promise<void> {
  if (!hasExited(proc)) proc.child.kill('SIGTERM');
  const force = setTimeout(() => proc.child.kill('SIGKILL'), 10_000);
  await proc.exited;
  clearTimeout(force);
}

/**
 * Resident set size in MB, now (VmRSS) or at its peak (VmHWM), or null where /proc is not
 * available.
 */
export async function rssMb(
  pid: number | undefined,
  field: 'VmRSS' | 'VmHWM' = 'VmHWM',
): Promise<number | null> {
  if (pid === undefined) return null;
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const kb = new RegExp(`^${field}:\\s+(\\d+)\\s+kB`, 'm').exec(status)?.[1];
    return kb ? Number(kb) / 1024 : null;
  } catch {
    return null;
  }
}

/** CPU time (user + system) in clock ticks of the thread `tid` of `pid`, or of all its threads. */
export async function cpuTicks(pid: number, tid?: number): Promise<number | null> {
  const ticksOf = async (task: string) => {
    const stat = await readFile(`/proc/${pid}/task/${task}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  };
  try {
    if (tid !== undefined) return await ticksOf(String(tid));
    const tasks = await readdir(`/proc/${pid}/task`);
    return (await Promise.all(tasks.map(ticksOf))).reduce((a, b) => a + b, 0);
  } catch {
    return null; // not Linux, or the process is gone
  }
}

/** Peak resident set size (VmHWM) in MB, or null where /proc is not available. */
export const peakRssMb = (pid: number | undefined) => rssMb(pid, 'VmHWM');

/** Makes sure no app outlives the bench, even on Ctrl-C or a crash. */
export function killChildrenOnExit(): void {
  process.on('exit', () => {
    for (const child of live) child.kill('SIGKILL');
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => process.exit(130));
  }
}
