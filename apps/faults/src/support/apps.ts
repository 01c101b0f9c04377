// The distributed apps as the bench starts them: `node dist/apps/<app>/src/main.js`, one child
// process each, configured through the environment and ready when `/health/ready` answers 200.
import { envVarGroups } from '@nl/composition';
import { listeningUrl, localUpstreamEnv } from '@nl/testing';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import {
  OutputTail,
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
  /** Where the running (or last) app listens; known once it logged so. */
  private port?: number;

  /**
   * A service listens on a port of its own choosing (PORT=0) and says which, so no other
   * process can take the port between choosing and binding it (a port picked for it up front
   * could be, by a parallel test suite, and its readiness then answered by a stranger). The
   * gateway keeps its first port across restarts: the load's clients know it.
   */
  constructor(
    readonly name: AppName,
    private readonly env: NodeJS.ProcessEnv,
    private readonly keepsPort: boolean,
  ) {}

  get url(): string {
    if (this.port === undefined) throw new Error(`${this.name} has not started`);
    return `http://${HOST}:${this.port}`;
  }

  /** Starts the app and waits until it is ready; throws with its output if it dies or hangs. */
  async start(timeoutMs = 60_000): Promise<void> {
    const script = `${ROOT}dist/apps/${this.name}/src/main.js`;
    const port = this.keepsPort && this.port !== undefined ? this.port : 0;
    let listening: string | undefined;
    const unwatch = this.output.watch((line) => (listening ??= listeningUrl(line)));
    const proc = startProcess(this.name, process.execPath, [script], {
      env: { ...this.env, PORT: String(port) },
      output: this.output,
    });
    this.proc = proc;
    try {
      const ready = await waitFor(async () => {
        if (!isRunning(proc)) throw new Error('exited');
        if (listening === undefined) return false;
        this.port = Number(new URL(listening).port);
        return this.isReady();
      }, timeoutMs);
      if (!ready || !isRunning(proc))
        throw new Error(
          `${this.name} did not get ready:\n${this.output.all.slice(-20).join('\n')}`,
        );
    } finally {
      unwatch();
    }
  }

  async isReady(): Promise<boolean> {
    return (await this.unreadyReason()) === null;
  }

  /** Why the app is not ready (its exit, or what its readiness answered), or null when it is. */
  async unreadyReason(): Promise<string | null> {
    const { child } = this.proc ?? {};
    if (child && (child.exitCode !== null || child.signalCode !== null))
      return `exited with ${child.exitCode ?? child.signalCode}`;
    try {
      const res = await fetch(`${this.url}/health/ready`, { signal: AbortSignal.timeout(2_000) });
      const body = await res.text();
      return res.status === 200 ? null : `ready → ${res.status} ${body.slice(0, 300)}`;
    } catch (error) {
      return `ready → ${(error as Error).message}`;
    }
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
  /** The first gateway (the load's). */
  readonly gateway: App;
  /** Every gateway process, the first one first. */
  readonly gateways: readonly App[];
  readonly all: readonly App[];
  readonly adminToken: string;
  byName(name: AppName): App;
}

/** Which apps to run, and what they get on top of the common environment. */
export interface AppsOptions {
  readonly services?: readonly (typeof SERVICE_NAMES)[number][];
  /** Gateway processes sharing the servers (each keeps its port across a restart). */
  readonly gateways?: number;
  /** For the services, e.g. an upstream pointed at a fake. */
  readonly serviceEnv?: NodeJS.ProcessEnv;
  readonly gatewayEnv?: NodeJS.ProcessEnv;
}

/**
 * The apps' environment: ours only, so nothing of the caller's shell (shared servers) leaks in,
 * and every upstream pinned to a closed local port (the workload calls none of them).
 */
function appEnv(servers: Servers, adminToken: string): NodeJS.ProcessEnv {
  return {
    ...localUpstreamEnv(envVarGroups().flatMap((g) => g.vars)),
    PATH: process.env.PATH,
    HOST,
    LOG_LEVEL: 'info',
    NATS_URL: servers.nats.url,
    DATABASE_URL: servers.postgres.url,
    REDIS_URL: servers.redis.url,
    ADMIN_TOKEN: adminToken,
  };
}

/** The apps, not started yet (so a failed start still leaves every app to stop). */
export function createApps(servers: Servers, options: AppsOptions = {}): Apps {
  const adminToken = randomBytes(24).toString('hex');
  const env = appEnv(servers, adminToken);
  const services = (options.services ?? SERVICE_NAMES).map(
    (name) => new App(name, { ...env, ...options.serviceEnv }, false),
  );
  const gateways = Array.from(
    { length: options.gateways ?? 1 },
    () => new App('gateway', { ...env, ...options.gatewayEnv }, true),
  );
  const all = [...services, ...gateways];
  return {
    services,
    gateway: gateways[0],
    gateways,
    all,
    adminToken,
    byName: (name) => all.find((app) => app.name === name) ?? gateways[0],
  };
}

/** Services first (the gateway forwards to them), each ready before the next starts. */
export async function startApps(apps: Apps): Promise<void> {
  for (const app of apps.all) await app.start();
}

/** Stops every app (gracefully), gateways first. */
export async function stopApps(apps: Apps | undefined): Promise<void> {
  for (const app of [...(apps?.all ?? [])].reverse()) await app.stop();
}
