// The human-readable account of one fault: what came back in each phase, how fast, how long the
// recovery took, what failed, and (on failure) what the affected apps logged meanwhile.
import { ENDPOINTS } from './workload.js';
import type { Harness } from './harness.js';
import { Tally, labelOf, latencyOf, seconds, type Verdict } from './judge.js';
import type { Outcome } from './load.js';
import type { ProblemLine } from './processes.js';
import { TIMING, describeHealed, type FaultRun } from './runner.js';
import type { AppName } from './apps.js';

function percentile(sorted: readonly number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] : 0;
}

function phaseLine(name: string, fromMs: number, outcomes: readonly Outcome[]): string {
  const tally = new Tally();
  for (const o of outcomes) tally.add(labelOf(o));
  return `  ${name.padEnd(9)}${seconds(fromMs).padStart(8)}  ${String(outcomes.length).padStart(5)} requests: ${tally}`;
}

/** When each kind of answer was sent, relative to the fault: "500 internal +0.0…+19.8 s". */
function timelineLine(outcomes: readonly Outcome[], faultAt: number): string {
  const spans = new Map<string, { n: number; first: number; last: number }>();
  for (const o of outcomes) {
    const at = (o.sentAt - faultAt) / 1000;
    const span = spans.get(labelOf(o)) ?? { n: 0, first: at, last: at };
    span.n++;
    span.first = Math.min(span.first, at);
    span.last = Math.max(span.last, at);
    spans.set(labelOf(o), span);
  }
  const parts = [...spans.entries()]
    .sort((a, b) => a[1].first - b[1].first)
    .map(([label, s]) => `${label} ${s.first.toFixed(1)}…${s.last.toFixed(1)} s`);
  return `${''.padEnd(19)}sent at: ${parts.join(', ') || 'none'}`;
}

/** The fault phase per endpoint, since services fail differently. */
function endpointLines(outcomes: readonly Outcome[]): string[] {
  return ENDPOINTS.map((endpoint) => {
    const tally = new Tally();
    for (const o of outcomes) if (o.endpoint === endpoint) tally.add(labelOf(o));
    return `${''.padEnd(19)}${endpoint}: ${tally}`;
  });
}

function latencyLine(outcomes: readonly Outcome[]): string {
  const ms = outcomes.map(latencyOf).sort((a, b) => a - b);
  const slow = ms.filter((t) => t > TIMING.slowMs).length;
  const [p50, p99, max] = [percentile(ms, 0.5), percentile(ms, 0.99), ms.at(-1) ?? 0].map(
    (t) => `${Math.round(t)} ms`,
  );
  return `${''.padEnd(19)}latency p50 ${p50}, p99 ${p99}, max ${max}; ${slow} over ${TIMING.slowMs / 1000} s`;
}

function recoveryLine(run: FaultRun): string {
  const times = ENDPOINTS.map((e) => {
    const first = run.firstOk[e];
    return `${e} ${first === null ? `none by ${seconds(run.until - run.backAt)}` : seconds(first - run.backAt)}`;
  });
  return `  back →   first 200: ${times.join(', ')}`;
}

/**
 * "msg: err.message" of a pino line, with ids and numbers folded so repeats count as one. Read
 * with patterns rather than JSON.parse: long lines are cut and would not parse.
 */
function problemKey(line: string): string {
  const msg = /"msg":"((?:[^"\\]|\\.)*)"/.exec(line)?.[1];
  const err = /"err":\{[^}]*?"message":"((?:[^"\\]|\\.)*)"/.exec(line)?.[1];
  const text = [msg, err].filter(Boolean).join(': ') || line;
  return text
    .replace(/[0-9a-f]{8}-[0-9a-f-]{27}/gi, '<id>')
    .replace(/\d+/g, '#')
    .slice(0, 200);
}

export function problemSummary(problems: readonly ProblemLine[], since: number): string[] {
  const tally = new Tally();
  for (const p of problems) if (p.at >= since) tally.add(problemKey(p.line));
  return [...tally.counts.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 8)
    .map(([key, n]) => `      ${n}× ${key}`);
}

/** The apps a failed fault's report shows: those it hit, and any restarted by hand after it. */
function shownApps(run: FaultRun): AppName[] {
  return [...new Set([...run.fault.affected, ...run.healed.map((h) => h.name)])];
}

function appOutput(harness: Harness, run: FaultRun): string[] {
  const lines: string[] = [];
  for (const name of shownApps(run)) {
    const app = harness.running.apps.byName(name);
    // An app the fault did not touch may have gone wrong before it: show it from the baseline.
    const hit = run.fault.affected.includes(name);
    const since = hit ? run.faultAt : run.baselineFrom;
    const summary = problemSummary(app.output.problems, since);
    lines.push(`    ${name} logged (warn and worse, since the ${hit ? 'fault' : 'baseline'}):`);
    lines.push(...(summary.length ? summary : ['      nothing']));
    const last = app.output.all.slice(hit ? -3 : -8).map((l) => `      ${l.slice(0, 300)}`);
    lines.push(`    ${name}, last lines:`, ...last);
  }
  return lines;
}

export function faultReport(harness: Harness, run: FaultRun, verdict: Verdict): string {
  const { phases } = verdict;
  const skipped = harness.running.load.skippedBetween(run.baselineFrom, run.until);
  const lines = [
    `\n── (${run.fault.key}) ${run.fault.title} ${'─'.repeat(Math.max(0, 60 - run.fault.title.length))}`,
    phaseLine('baseline', run.faultAt - run.baselineFrom, phases.baseline),
    phaseLine('fault', run.backAt - run.faultAt, phases.fault),
    ...endpointLines(phases.fault),
    timelineLine(phases.fault, run.faultAt),
    latencyLine(phases.fault),
    recoveryLine(run),
    phaseLine('after', run.until - run.backAt, phases.after),
  ];
  if (verdict.excused.total) lines.push(`  excused  ${verdict.excused}`);
  if (skipped) lines.push(`  skipped  ${skipped} requests (too many in flight)`);
  if (run.healed.length) lines.push(`  healed   by hand: ${describeHealed(run.healed)}`);
  if (!verdict.violations.length) return [...lines, '  OK'].join('\n');
  lines.push('  FAILED:', ...verdict.violations.map((v) => `    - ${v}`));
  return [...lines, ...appOutput(harness, run)].join('\n');
}
