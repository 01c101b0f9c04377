// Child processes of the suite (servers and apps): started with their output kept in a small
// ring buffer, stopped by their own pid only, and never outliving the test run. Temp dirs too.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A warning or error line a process printed, with when (performance.now()). */
export interface ProblemLine {
  readonly at: number;
  readonly line: string;
}

const PROBLEM_LEVELS = new Set(['warn', 'error', 'fatal', '40', '50', '60']);

/** The last lines a process printed, and separately its warnings and errors. */
export class OutputTail {
  readonly all: string[] = [];
  readonly problems: ProblemLine[] = [];
  private partial = '';
  private readonly watchers = new Set<(line: string) => void>();

  constructor(
    private readonly keep = 60,
    private readonly keepProblems = 5_000,
  ) {}

  push(chunk: Buffer): void {
    const lines = (this.partial + chunk.toString('utf8')).split('\n');
    this.partial = lines.pop() ?? '';
    for (const line of lines.filter(Boolean)) {
      for (const watcher of this.watchers) watcher(line);
      this.all.push(line.length > 2_000 ? `${line.slice(0, 2_000)}…` : line);
      if (this.all.length > this.keep) this.all.shift();
      // pino writes the level as a label here ("level":"warn"); plain-text lines (a crash, a
      // server's own log) count as problems too.
      const level = /"level":"?(\w+)/.exec(line)?.[1];
      if (level !== undefined && !PROBLEM_LEVELS.has(level)) continue;
      this.problems.push({ at: performance.now(), line: line.slice(0, 2_000) });
      if (this.problems.length > this.keepProblems) this.problems.shift();
    }
  }

  /** Calls `watcher` with every whole line printed from now on, until the returned stop. */
  watch(watcher: (line: string) => void): () => void {
    this.watchers.add(watcher);
    return () => this.watchers.delete(watcher);
  }
}

export interface Proc {
  readonly name: string;
  readonly child: ChildProcess;
  readonly output: OutputTail;
  /** Resolves with the exit code or signal once the process is gone. */
  readonly exited: Promise<string>;
}

export interface SpawnOptions {
  readonly env?: NodeJS.ProcessEnv;
  /** Run as this user (root may not run PostgreSQL). */
  readonly user?: { uid: number; gid: number };
  /** Shared by every run of one server or app, so its output survives a restart. */
  readonly output?: OutputTail;
}

const tempDirs = new Set<string>();
const SETPRIV = '/usr/bin/setpriv';
const canSetDeathSignal = existsSync(SETPRIV);

/**
 * Starts `command` with SIGKILL as its parent-death signal (setpriv --pdeathsig), so it dies
 * with the test process however that ends. Jest gives tests a copy of `process` whose 'exit'
 * and signal events never fire, so an exit handler could not do this.
 */
export function startProcess(
  name: string,
  command: string,
  args: readonly string[],
  options: SpawnOptions = {},
): Proc {
  const [file, argv] = canSetDeathSignal
    ? [SETPRIV, ['--pdeathsig', 'KILL', '--', command, ...args]]
    : [command, args];
  const child = spawn(file, argv, {
    env: options.env ?? process.env,
    stdio: ['ignore', 'pipe', 'pipe'],
    uid: options.user?.uid,
    gid: options.user?.gid,
  });
  const output = options.output ?? new OutputTail();
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
  child.on('error', (err) => output.push(Buffer.from(`spawn failed: ${err.message}\n`)));
  const exited = new Promise<string>((resolve) => {
    child.once('close', (code, signal) => resolve(signal ?? `exit ${code}`));
  });
  return { name, child, output, exited };
}

export function isRunning(proc: Proc): boolean {
  return proc.child.exitCode === null && proc.child.signalCode === null;
}

/** Sends `signal` to this process (by its pid) and waits until it is gone; SIGKILL after 10 s. */
export async function stopProcess(proc: Proc, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (isRunning(proc)) proc.child.kill(signal);
  const force = setTimeout(() => proc.child.kill('SIGKILL'), 10_000);
  await proc.exited;
  clearTimeout(force);
}

const PID_FILE = 'owner.pid';

/** A temp dir of this run, removed by `removeTempDirs` (or by the next run, see below). */
export async function makeTempDir(prefix: string): Promise<string> {
  await removeStaleTempDirs(prefix);
  const dir = await mkdtemp(join(tmpdir(), prefix));
  await writeFile(join(dir, PID_FILE), String(process.pid));
  tempDirs.add(dir);
  return dir;
}

export function removeTempDirs(): void {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
  tempDirs.clear();
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** A run killed outright cannot clean up after itself: its successor removes what it left. */
async function removeStaleTempDirs(prefix: string): Promise<void> {
  for (const name of await readdir(tmpdir())) {
    if (!name.startsWith(prefix)) continue;
    const dir = join(tmpdir(), name);
    const owner = Number(await readFile(join(dir, PID_FILE), 'utf8').catch(() => 'NaN'));
    if (Number.isInteger(owner) && !isAlive(owner)) await rm(dir, { recursive: true, force: true });
  }
}

/** A TCP port nothing listens on right now (the kernel picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Polls `probe` every 100 ms until it returns true; false when `timeoutMs` passed first. */
export async function waitFor(probe: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await probe().catch(() => false)) return true;
    await sleep(100);
  }
  return false;
}
