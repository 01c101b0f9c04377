// One fault from start to end: a baseline under load, the fault, then recovery, while the load
// keeps running. If an endpoint never recovers, the apps are restarted by hand afterwards
// ("healed", and reported as such) so the next fault starts from a working system and is
// judged on its own.
import { ENDPOINTS, type EndpointName } from './workload.js';
import type { Fault, FaultWindow } from './faults.js';
import type { App, AppName } from './apps.js';
import type { Harness } from './harness.js';
import type { Outcome } from './load.js';
import { sleep } from './processes.js';

export const TIMING = {
  baselineMs: 4_000,
  /** How long after "back" we wait for a first 200 before calling the endpoint unrecovered. */
  recoveryMaxMs: 12_000,
  /** The promise: the first 200 of every endpoint within this long after "back". */
  firstOkWithinMs: 3_000,
  /** Load kept on after every endpoint recovered, to see that it stays recovered. */
  steadyMs: 4_000,
  /** A request slower than this during a fault is flagged. */
  slowMs: 5_000,
  /** Extra requests around the kill (see Load.burst): sent over 60 ms, the kill after 45. */
  burst: { count: 30, spreadMs: 60, killAfterMs: 45 },
};

export interface FaultRun extends FaultWindow {
  readonly fault: Fault;
  readonly baselineFrom: number;
  /** The end of the observation (before any healing). */
  readonly until: number;
  /** Per endpoint: when the first 200 of a request sent after `backAt` arrived, or null. */
  readonly firstOk: Record<EndpointName, number | null>;
  /** Apps restarted by hand because the system did not recover by itself. */
  readonly healed: readonly Healed[];
}

/** An app restarted by hand, with why it was not ready (null: it claimed to be). */
export interface Healed {
  readonly name: AppName;
  readonly unready: string | null;
}

export function describeHealed(healed: readonly Healed[]): string {
  return healed
    .map(({ name, unready }) => (unready === null ? name : `${name} (not ready: ${unready})`))
    .join(', ');
}

/** The first 200 per endpoint among requests sent at or after `backAt`, as far as seen so far. */
export function firstOkAfter(
  outcomes: readonly Outcome[],
  backAt: number,
): Record<EndpointName, number | null> {
  const first: Record<EndpointName, number | null> = {
    lookup: null,
    search: null,
    disposable: null,
  };
  for (const o of outcomes) {
    if (o.sentAt < backAt || o.status !== 200 || o.answeredAt === undefined) continue;
    const seen = first[o.endpoint];
    if (seen === null || o.answeredAt < seen) first[o.endpoint] = o.answeredAt;
  }
  return first;
}

/** True once every endpoint answered 200 to a request sent after `backAt`. */
async function awaitRecovery(harness: Harness, backAt: number): Promise<boolean> {
  const { load } = harness.running;
  const deadline = backAt + TIMING.recoveryMaxMs;
  while (performance.now() < deadline) {
    const first = firstOkAfter(load.outcomes, backAt);
    if (ENDPOINTS.every((e) => first[e] !== null)) return true;
    await sleep(100);
  }
  return false;
}

/** Waits (at most one client timeout) until every request sent before `until` has its outcome. */
async function awaitOutcomes(harness: Harness, until: number): Promise<void> {
  const { load } = harness.running;
  const deadline = performance.now() + load.timeoutMs + 1_000;
  const pending = () => load.outcomes.some((o) => o.sentAt < until && o.answeredAt === undefined);
  while (pending() && performance.now() < deadline) await sleep(100);
}

/**
 * Restarts the apps that are not ready; if all claim to be, restarts all of them (readiness
 * missed the problem). The load pauses meanwhile, so a graceful stop loses no request.
 */
async function heal(harness: Harness): Promise<Healed[]> {
  const { apps, load } = harness.running;
  await load.pause();
  const unready: { app: App; reason: string }[] = [];
  for (const app of apps.all) {
    const reason = await app.unreadyReason();
    if (reason !== null) unready.push({ app, reason });
  }
  const restart = unready.length ? unready : apps.all.map((app) => ({ app, reason: null }));
  // Services first: the gateway's readiness needs them.
  for (const { app } of restart) await app.restart();
  load.start();
  return restart.map(({ app, reason }) => ({ name: app.name, unready: reason }));
}

export async function runFault(harness: Harness, fault: Fault): Promise<FaultRun> {
  const baselineFrom = performance.now();
  await sleep(TIMING.baselineMs);
  harness.running.load.burst(TIMING.burst.count, TIMING.burst.spreadMs);
  await sleep(TIMING.burst.killAfterMs);
  const window = await fault.inject(harness);
  // Watching an endpoint that never came back for longer tells nothing new.
  if (await awaitRecovery(harness, window.backAt)) await sleep(TIMING.steadyMs);
  const until = performance.now();
  await awaitOutcomes(harness, until);
  const firstOk = firstOkAfter(harness.running.load.outcomes, window.backAt);
  const recovered = ENDPOINTS.every((e) => firstOk[e] !== null);
  const healed = recovered ? [] : await heal(harness);
  return { fault, baselineFrom, ...window, until, firstOk, healed };
}
