// The distributed apps as the bench starts them: `node dist/apps/<app>/src/main.js`, one child
// process each, configured through the environment and ready when `/health/ready` answers 200.
import { envVarGroups } from '@nl/composition';
import { localUpstreamEnv } from '@nl/testing';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import {
  OutputTail,
  freePort,
  isRunning,
  startProcess,
  stopProcess,
  waitFor,
  type Proc,
} from './processes.js';
import type { Servers } from './servers.js';

export const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const HOST = '127.0.0.1';

export const SERVICE_NAMES = ['cbs', 'validation', 'rdw'] as const;
export type AppName = (typeof SERVICE_NAMES)[number] | 'gateway';

/** Compiles the tree to dist/ once (swc, about a second). */
export async function build(): Promise<void> {
  const proc = startProcess('build', process.execPath, [`${ROOT}tools/scripts/build.mjs`]);
  const result = await proc.exited;
  if (result !== 'exit 0')
    throw new Error(`build failed (${result}):\n${proc.output.all.join('\n')}`);
}

export class App {
  /** Shared by every run of the app, so a restart keeps what the killed one printed. */
  readonly output = new OutputTail(60);
  private proc?: Proc;

  constructor(
    readonly name: AppName,
    readonly port: number,
    private readonly env: NodeJS.ProcessEnv,
  ) {}

  get url(): string {
    return `http://${HOST}:${this.port}`;
  }

  /** Starts the app and waits until it is ready; throws with its output if it dies or hangs. */
  async start(timeoutMs = 60_000): Promise<void> {
    const script = `${ROOT}dist/apps/${this.name}/src/main.js`;
    const proc = startProcess(this.name, process.execPath, [script], {
      env: this.env,
      output: this.output,
    });
    this.proc = proc;
    const ready = await waitFor(async () => {
      if (!isRunning(proc)) throw new Error('exited');
      return this.isReady();
    }, timeoutMs);
    if (!ready || !isRunning(proc))
      throw new Error(`${this.name} did not get ready:\n${this.output.all.slice(-20).join('\n')}`);
  }

  async isReady(): Promise<boolean> {
    const res = await fetch(`${this.url}/health/ready`, { signal: AbortSignal.timeout(2_000) });
    await res.arrayBuffer();
    return res.status === 200;
  }

  /** SIGKILL for a crash, SIGTERM for a graceful stop. */
  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
    if (this.proc) await stopProcess(this.proc, signal);
  }

  async restart(): Promise<void> {
    await this.stop();
    await this.start();
  }
}

export interface Apps {
  readonly services: readonly App[];
  readonly gateway: App;
  readonly all: readonly App[];
  readonly adminToken: string;
  byName(name: AppName): App;
}

/**
 * The apps' environment: ours only, so nothing of the caller's shell (shared servers) leaks in,
 * and every upstream pinned to a closed local port (the workload calls none of them).
 */
function appEnv(servers: Servers, port: number, adminToken: string): NodeJS.ProcessEnv {
  return {
    ...localUpstreamEnv(envVarGroups().flatMap((g) => g.vars)),
    PATH: process.env.PATH,
    PORT: String(port),
    HOST,
    LOG_LEVEL: 'info',
    NATS_URL: servers.nats.url,
    DATABASE_URL: servers.postgres.url,
    REDIS_URL: servers.redis.url,
    ADMIN_TOKEN: adminToken,
  };
}

/** The apps, not started yet (so a failed start still leaves every app to stop). */
export async function createApps(servers: Servers): Promise<Apps> {
  const adminToken = randomBytes(24).toString('hex');
  const make = async (name: AppName) => {
    const port = await freePort();
    return new App(name, port, appEnv(servers, port, adminToken));
  };
  const services: App[] = [];
  for (const name of SERVICE_NAMES) services.push(await make(name));
  const gateway = await make('gateway');
  const all = [...services, gateway];
  return {
    services,
    gateway,
    all,
    adminToken,
    byName: (name) => all.find((app) => app.name === name) ?? gateway,
  };
}

/** Services first (the gateway forwards to them), each ready before the next starts. */
export async function startApps(apps: Apps): Promise<void> {
  for (const app of apps.all) await app.start();
}
