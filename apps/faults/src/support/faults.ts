// The faults, in the order they run. Each breaks one thing and brings it back the way an
// orchestrator would (restart a killed app, start the server again on the same port); nothing
// else is restarted, so whatever recovers after that, recovers by itself.
import type { AppName } from './apps.js';
import type { Harness } from './harness.js';
import { sleep } from './processes.js';
import type { Server } from './servers.js';

/** performance.now() marks of one fault. */
export interface FaultWindow {
  /** When the kill signal was sent. */
  readonly faultAt: number;
  /** When the killed process was seen gone. */
  readonly diedAt: number;
  /** When the server answered again, or the restarted app reported ready. */
  readonly backAt: number;
}

export interface Fault {
  readonly key: string;
  readonly title: string;
  /** Whose output to show when the fault fails. */
  readonly affected: readonly AppName[];
  /** The gateway itself dies: requests in flight (or sent while it is down) get no answer. */
  readonly killsGateway?: boolean;
  /**
   * A service dies with requests in it: the gateway cannot know, and answers those 504 after
   * the endpoint's timeout. Not a defect, so they are excused (and counted).
   */
  readonly killsService?: boolean;
  inject(harness: Harness): Promise<FaultWindow>;
}

const ALL_APPS: readonly AppName[] = ['gateway', 'cbs', 'validation', 'rdw'];

async function sleepUntil(at: number): Promise<void> {
  await sleep(Math.max(0, at - performance.now()));
}

/** kill -9 an app, leave it dead for `downMs`, start it again and wait until it is ready. */
function appCrash(name: AppName, downMs: number) {
  return async (harness: Harness): Promise<FaultWindow> => {
    const app = harness.running.apps.byName(name);
    const faultAt = performance.now();
    await app.stop('SIGKILL');
    const diedAt = performance.now();
    await sleepUntil(faultAt + downMs);
    await app.start();
    return { faultAt, diedAt, backAt: performance.now() };
  };
}

/** Stops a server with `signal`, leaves it down for `downMs`, starts it on the same port. */
function outage(pick: (harness: Harness) => Server, downMs: number, signal: NodeJS.Signals) {
  return async (harness: Harness): Promise<FaultWindow> => {
    const server = pick(harness);
    const faultAt = performance.now();
    await server.kill(signal);
    const diedAt = performance.now();
    await sleepUntil(faultAt + downMs);
    await server.start();
    return { faultAt, diedAt, backAt: performance.now() };
  };
}

export const FAULTS: readonly Fault[] = [
  {
    key: 'a',
    title: 'cbs service killed (-9), restarted after 5 s',
    affected: ['cbs', 'gateway'],
    killsService: true,
    inject: appCrash('cbs', 5_000),
  },
  {
    key: 'b',
    title: 'NATS down for 30 s',
    affected: ALL_APPS,
    inject: outage((h) => h.running.servers.nats, 30_000, 'SIGKILL'),
  },
  {
    key: 'c',
    title: 'Redis down for 10 s',
    affected: ALL_APPS,
    inject: outage((h) => h.running.servers.redis, 10_000, 'SIGKILL'),
  },
  {
    key: 'd',
    // SIGQUIT is PostgreSQL's immediate shutdown (pg_ctl stop -m immediate).
    title: 'PostgreSQL down for 5 s (immediate stop)',
    affected: ['gateway', 'cbs'],
    inject: outage((h) => h.running.servers.postgres, 5_000, 'SIGQUIT'),
  },
  {
    key: 'e',
    title: 'gateway killed (-9), restarted at once',
    affected: ['gateway'],
    killsGateway: true,
    inject: appCrash('gateway', 0),
  },
];
