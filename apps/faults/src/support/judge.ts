// The rules of one fault, applied to the recorded outcomes. Phases: baseline (answered before
// the kill: all 200), fault (open at the kill or sent before the endpoint's first 200 after
// "back": only 503/504/429 as problem+json, 503 with Retry-After, nothing slower than 5 s, an
// answer to every request), recovery (first 200 within 3 s), after (all 200). What a dead
// process makes unavoidable (requests it took with it) is excused and counted.
import { ENDPOINTS } from './workload.js';
import type { Outcome } from './load.js';
import { TIMING, describeHealed, type FaultRun } from './runner.js';

/** Counts of labels, printed most frequent first: "37× 500 internal", with a first example. */
export class Tally {
  readonly counts = new Map<string, number>();
  private readonly examples = new Map<string, Outcome>();

  add(label: string, example?: Outcome): void {
    this.counts.set(label, (this.counts.get(label) ?? 0) + 1);
    if (example && !this.examples.has(label)) this.examples.set(label, example);
  }

  get total(): number {
    return [...this.counts.values()].reduce((a, b) => a + b, 0);
  }

  toString(): string {
    if (!this.counts.size) return 'none';
    return this.sorted()
      .map(([label, n]) => `${n}× ${label}`)
      .join(', ');
  }

  /** The first request of the most frequent label, as "e.g. <id> GET /path → 500 internal". */
  example(): string {
    const top = this.sorted()[0]?.[0];
    const o = top === undefined ? undefined : this.examples.get(top);
    if (!o) return '';
    const detail = o.errorDetail ? ` (${o.errorDetail})` : '';
    return ` [e.g. ${o.id} ${o.request} → ${labelOf(o)}${detail} in ${Math.round(latencyOf(o))} ms]`;
  }

  private sorted(): [string, number][] {
    return [...this.counts.entries()].sort((a, b) => b[1] - a[1]);
  }
}

export interface Phases {
  readonly baseline: Outcome[];
  readonly fault: Outcome[];
  readonly after: Outcome[];
}

export interface Verdict {
  readonly phases: Phases;
  /** Fault-phase outcomes that break a rule but cannot be helped, by reason. */
  readonly excused: Tally;
  readonly violations: string[];
}

/** What came back, in a few words: "200", "503 service_unavailable", "ECONNREFUSED". */
export function labelOf(o: Outcome): string {
  if (o.error) return o.status ? `${o.status} then ${o.error}` : o.error;
  if (o.status === undefined) return 'no answer yet';
  return o.code ? `${o.status} ${o.code}` : String(o.status);
}

export const latencyOf = (o: Outcome) => (o.answeredAt ?? performance.now()) - o.sentAt;

/**
 * A request still open when the fault struck belongs to the fault, not the baseline; from the
 * endpoint's first 200 after "back" on, requests belong to "after".
 */
export function splitPhases(outcomes: readonly Outcome[], run: FaultRun): Phases {
  const phases: Phases = { baseline: [], fault: [], after: [] };
  for (const o of outcomes) {
    if (o.sentAt < run.baselineFrom || o.sentAt >= run.until) continue;
    if (o.sentAt < run.faultAt && (o.answeredAt ?? Infinity) < run.faultAt) phases.baseline.push(o);
    else if (o.sentAt < (run.firstOk[o.endpoint] ?? run.until)) phases.fault.push(o);
    else phases.after.push(o);
  }
  return phases;
}

/** Why a bad outcome could not have been better, or null. */
function excuseOf(o: Outcome, run: FaultRun): string | null {
  const socketError = o.error !== undefined && o.error !== 'client_timeout';
  if (run.fault.killsGateway && socketError && o.sentAt < run.backAt)
    return o.sentAt < run.diedAt
      ? 'no answer: in flight when the gateway died'
      : 'no answer: sent while the gateway was down';
  // Lost inside the killed service: only the gateway's timeout (5 s, +1 s slack) can end it.
  const timedOut = o.status === 504 && latencyOf(o) < TIMING.slowMs + 1_000;
  if (run.fault.killsService && timedOut && o.sentAt < run.diedAt)
    return '504 after the timeout: in flight when the service died';
  return null;
}

/** Why an answer during the fault is not acceptable, or null when it is. */
function faultProblem(o: Outcome): string | null {
  if (o.error && o.status === undefined) return `no answer (${o.error})`;
  const status = o.status ?? 0;
  if (status >= 200 && status < 300) return null;
  if (![429, 503, 504].includes(status)) return `${labelOf(o)} (only 503, 504 or 429 allowed)`;
  if (!o.contentType?.startsWith('application/problem+json'))
    return `${status} as ${o.contentType || 'no content-type'} (not problem+json)`;
  if (status === 503 && !o.retryAfter) return '503 without Retry-After';
  return null;
}

function faultViolations(phase: readonly Outcome[], run: FaultRun, excused: Tally): string[] {
  const problems = new Tally();
  const slow: Outcome[] = [];
  for (const o of phase) {
    const problem = faultProblem(o);
    const isSlow = latencyOf(o) > TIMING.slowMs;
    const excuse = problem || isSlow ? excuseOf(o, run) : null;
    if (excuse) excused.add(excuse, o);
    else {
      if (problem) problems.add(problem, o);
      if (isSlow) slow.push(o);
    }
  }
  const violations = problems.total ? [`during the fault: ${problems}${problems.example()}`] : [];
  if (slow.length) {
    const worst = Math.max(...slow.map(latencyOf));
    const labels = new Tally();
    for (const o of slow) labels.add(labelOf(o), o);
    const inFlight = slow.filter((o) => o.sentAt < run.diedAt).length;
    violations.push(
      `during the fault: ${slow.length} requests took > ${TIMING.slowMs / 1000} s (max ${seconds(worst)}; ${labels}; ${inFlight} of them sent before the kill took effect)${labels.example()}`,
    );
  }
  return violations;
}

function recoveryViolations(run: FaultRun): string[] {
  const violations: string[] = [];
  for (const endpoint of ENDPOINTS) {
    const first = run.firstOk[endpoint];
    if (first === null)
      violations.push(
        `recovery: ${endpoint} got no 200 by ${seconds(run.until - run.backAt)} after back`,
      );
    else if (first - run.backAt > TIMING.firstOkWithinMs)
      violations.push(
        `recovery: ${endpoint}'s first 200 came ${seconds(first - run.backAt)} after back (> ${TIMING.firstOkWithinMs / 1000} s)`,
      );
  }
  return violations;
}

/** Everything sent after an endpoint's first 200 must be 200 too. */
function afterViolations(phase: readonly Outcome[]): string[] {
  const violations: string[] = [];
  for (const endpoint of ENDPOINTS) {
    const bad = new Tally();
    for (const o of phase) if (o.endpoint === endpoint && o.status !== 200) bad.add(labelOf(o), o);
    if (bad.total) violations.push(`after recovery: ${endpoint} answered ${bad}${bad.example()}`);
  }
  return violations;
}

export function judge(outcomes: readonly Outcome[], run: FaultRun): Verdict {
  const phases = splitPhases(outcomes, run);
  const baselineBad = new Tally();
  const excused = new Tally();
  for (const o of phases.baseline) if (o.status !== 200) baselineBad.add(labelOf(o), o);
  const violations = [
    ...(baselineBad.total ? [`baseline not clean: ${baselineBad}${baselineBad.example()}`] : []),
    ...faultViolations(phases.fault, run, excused),
    ...recoveryViolations(run),
    ...afterViolations(phases.after),
    ...(run.healed.length
      ? [`did not recover by itself: restarted ${describeHealed(run.healed)}`]
      : []),
  ];
  return { phases, excused, violations };
}

export function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
}
