// Everything the suite runs, in one place: the private servers, the distributed apps, the load's
// account and the load itself. `close()` stops whatever was started, in reverse order, even
// after a start that failed half way.
import { randomBytes } from 'node:crypto';
import { createLoadAccount, loadSbiClasses, type LoadAccount } from './account.js';
import { build, createApps, startApps, stopApps, type Apps } from './apps.js';
import { Load } from './load.js';
import { removeTempDirs } from './processes.js';
import { startServers, stopServers, type Servers } from './servers.js';
import { Workload, keysFor } from './workload.js';

export interface Settings {
  /** Requests per second of the steady load. */
  readonly rps: number;
  readonly maxInFlight: number;
  /** The client gives up on a request after this long (it counts as no answer). */
  readonly clientTimeoutMs: number;
  /** Credits of the load's account: enough that 402 never happens. */
  readonly credits: number;
}

function numberFromEnv(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

export function settingsFromEnv(): Settings {
  return {
    rps: numberFromEnv('FAULTS_RPS', 40),
    maxInFlight: numberFromEnv('FAULTS_MAX_IN_FLIGHT', 300),
    clientTimeoutMs: numberFromEnv('FAULTS_CLIENT_TIMEOUT_MS', 15_000),
    credits: 1_000_000,
  };
}

export class Harness {
  private servers?: Servers;
  private apps?: Apps;
  private account?: LoadAccount;
  private load?: Load;

  async start(settings: Settings): Promise<void> {
    await build();
    this.servers = await startServers();
    this.apps = createApps(this.servers);
    await startApps(this.apps);
    const gateway = this.apps.gateway.url;
    this.account = await createLoadAccount(
      gateway,
      this.apps.adminToken,
      settings.credits,
      keysFor(settings.rps),
    );
    const { codes, words } = await loadSbiClasses(gateway, this.account.keys[0]);
    this.load = new Load(new Workload(codes, words, this.account.keys), {
      baseUrl: gateway,
      rps: settings.rps,
      maxInFlight: settings.maxInFlight,
      timeoutMs: settings.clientTimeoutMs,
      runTag: `faults-${randomBytes(4).toString('hex')}`,
    });
    this.load.start();
  }

  get running(): { servers: Servers; apps: Apps; account: LoadAccount; load: Load } {
    const { servers, apps, account, load } = this;
    if (!servers || !apps || !account || !load) throw new Error('the harness did not start');
    return { servers, apps, account, load };
  }

  async close(): Promise<void> {
    await this.load?.pause();
    await stopApps(this.apps);
    await stopServers(this.servers);
    removeTempDirs();
  }
}
