// How the bench starts what it measures: each app as a child process on its own port, one after
// the other and each ready before the next, with the bench's API key where the gateway wants one.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  distPath,
  startProcess,
  stopProcess,
  waitReady,
  type AppProcess,
} from './child-process.js';
import { readBenchKey } from './economy.js';
import { canConnect } from './servers.js';

/** The endpoint every row is measured on. */
export const ENDPOINT = '/v1/cbs/sbi/6210';
export const HOST = '127.0.0.1';

export interface RunningTarget {
  readonly url: string;
  /** Extra request headers for warm-up and load (an API key, once the gateway needs one). */
  readonly headers?: Record<string, string>;
  /** Every process of the target, for peak RSS. */
  readonly pids: readonly number[];
  stop(): Promise<void>;
}

export interface AppSpec {
  readonly name: string;
  /** Script under dist/. */
  readonly script: string;
  /** The checkout whose dist/ the script is taken from; unset: this one. */
  readonly checkout?: string;
  readonly port: number;
  readonly env: NodeJS.ProcessEnv;
  /** Polled until 200; the apps have /health/ready, the bare baseline only its one route. */
  readonly readyPath?: string;
  /** Runs with the standalone server's Node flags (the standalone rows run as `npm start` does). */
  readonly standalone?: boolean;
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
      const proc = startProcess(spec.name, distPath(spec.script, spec.checkout), spec.env, {
        standalone: spec.standalone,
      });
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
export const appEnv = (port: number) => ({ PORT: String(port), HOST, LOG_LEVEL: 'warn' });

/** Starts `specs`; economy targets get the key of a fresh Premium account as X-Api-Key. */
export async function startWithKey(
  specs: (keyFile: string) => AppSpec[],
  port: number,
  economy: boolean,
): Promise<RunningTarget> {
  const dir = await mkdtemp(join(tmpdir(), 'nl-bench-key-'));
  const keyFile = join(dir, 'key');
  const running = await startApps(specs(keyFile), port, () =>
    rm(dir, { recursive: true, force: true }),
  );
  if (!economy) return running;
  try {
    return { ...running, headers: { 'x-api-key': await readBenchKey(keyFile) } };
  } catch (err) {
    await running.stop();
    throw err;
  }
}
