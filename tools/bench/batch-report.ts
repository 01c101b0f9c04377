// The lines of the batch row (batch.ts): the job's pace against what its slots allow, how many
// checks of each state VIES saw at once, what the job cost the app's CPU, and the interactive
// latency before, during and after it; `!!` marks a failed job or a miss of the latency bound.
import { findEndpoint } from '@nl/contracts-catalog';
import { toCredits } from '@nl/contracts-core';
import type { ViesFake } from '@nl/testing';
import { VIES_LATENCY_MS } from './domain-load.js';

/** The acceptance bound: interactive p99 during the job within this factor of the quiet p99. */
const MAX_RATIO = 1.5;

export interface Latency {
  readonly p50: number;
  readonly p99: number;
  readonly ok: number;
  readonly failed: number;
  /** The serving thread's event-loop delay over the window, ms. */
  readonly loopP99: number;
  readonly loopMax: number;
}

/** The parts of `GET /v1/batches/{id}` the row reads. */
export interface JobView {
  readonly id: string;
  readonly state: string;
  readonly items: { total: number; succeeded: number; failed: number; pending: number };
  readonly credits: { charged: number };
  readonly started_at: string | null;
  readonly finished_at: string | null;
}

/** How the row was set up. */
export interface BatchSetup {
  readonly items: number;
  readonly states: readonly string[];
  readonly perState: number;
  readonly workers: number;
  /** Interactive calls a second, and the seconds of each window. */
  readonly rate: number;
  readonly seconds: number;
}

export interface BatchOutcome {
  /** The interactive latency before the job, while it ran (from its 202 on), and after it. */
  readonly before: Latency;
  readonly busy: Latency;
  readonly after: Latency;
  /** The job as it stood when the busy window ended: it must not have ended before. */
  readonly afterWindow: JobView;
  readonly job: JobView;
  /** When the upload was sent (epoch ms), and how long until its 202. */
  readonly submitted: number;
  readonly takenMs: number;
  readonly vies: ViesFake;
  /** The app's CPU clock ticks (10 ms) from the upload to the job's end: serving thread, all. */
  readonly cpu: { readonly main: number; readonly all: number } | null;
}

/**
 * The most checks of one state that reached the fake within any 200 ms: each is answered no
 * sooner, so they were all under way at once, and with the limit kept this is at most the limit.
 */
function peakInFlight(arrivals: readonly number[]): number {
  let peak = 0;
  for (let first = 0, last = 0; last < arrivals.length; last++) {
    while (arrivals[last] - arrivals[first] >= VIES_LATENCY_MS) first++;
    peak = Math.max(peak, last - first + 1);
  }
  return peak;
}

/** What is wrong with the run: the job not completed whole, or not charged as fresh checks. */
function jobProblems(setup: BatchSetup, o: BatchOutcome): string[] {
  const problems: string[] = [];
  const { succeeded, failed } = o.job.items;
  if (o.job.state !== 'completed' || succeeded !== setup.items)
    problems.push(`the job ended ${o.job.state}: ${succeeded} succeeded, ${failed} failed`);
  const expected = toCredits(findEndpoint('validation.vat.check').price.fresh * setup.items);
  if (Math.abs(o.job.credits.charged - expected) > 0.001)
    problems.push(`charged ${o.job.credits.charged}, not ${expected} (every item a fresh check)`);
  if (o.afterWindow.items.pending === 0)
    problems.push('the job ended before the busy window did: that window measured an idle app too');
  const failures = o.before.failed + o.busy.failed + o.after.failed;
  if (failures) problems.push(`${failures} interactive calls failed`);
  return problems;
}

export function reportBatch(setup: BatchSetup, o: BatchOutcome): string[] {
  const problems = jobProblems(setup, o);
  const { items, perState } = setup;
  const started = Date.parse(o.job.started_at ?? '');
  const finished = Date.parse(o.job.finished_at ?? '');
  const workSeconds = (finished - started) / 1000;
  const totalSeconds = (finished - o.submitted) / 1000;
  const ideal = (setup.states.length * perState * 1000) / VIES_LATENCY_MS;
  const pace = items / workSeconds;
  const peaks = setup.states.map((state) => {
    const arrivals = o.vies.checks
      .filter((c) => c.body.includes(`"${state}"`))
      .map((c) => c.at)
      .sort((a, b) => a - b);
    return { state, checks: arrivals.length, peak: peakInFlight(arrivals) };
  });
  if (peaks.some((p) => p.peak > perState))
    problems.push(`more than ${perState} checks of a state under way at once`);
  // Clock ticks are 10 ms on Linux: ticks per second of wall time is the per cent of one core.
  const cpu = o.cpu
    ? `app CPU from upload to end: serving thread ${((o.cpu.main * 10) / items).toFixed(2)} ms per item (busy ${(o.cpu.main / totalSeconds).toFixed(0)} % of the time), all threads ${((o.cpu.all * 10) / items).toFixed(2)} ms per item (the ${o.busy.ok} interactive calls beside it included)`
    : 'app CPU: not available (no /proc)';
  const done = o.afterWindow.items.succeeded + o.afterWindow.items.failed;
  const quiet = (o.before.p99 + o.after.p99) / 2;
  const ratio = o.busy.p99 / Math.max(quiet, 1);
  const mark = (bad: boolean) => (bad ? '  <-- !!' : '');
  const window = (name: string, l: Latency) =>
    `    ${name.padEnd(16)}p50 ${l.p50.toFixed(1).padStart(5)} ms   p99 ${l.p99.toFixed(1).padStart(5)} ms   event-loop delay p99 ${l.loopP99.toFixed(0)} ms, max ${l.loopMax.toFixed(0)} ms`;
  return [
    `Batch job (standalone, auth + limits + credits): ${items} cold VAT checks over ${setup.states.join(', ')} in turn, VIES fake ${VIES_LATENCY_MS} ms, BATCH_CONCURRENCY vies=${perState} (per state), BATCH_WORKERS ${setup.workers}`,
    `  taken (202) in ${(o.takenMs / 1000).toFixed(1)} s; worked off in ${workSeconds.toFixed(1)} s: ${pace.toFixed(0)} items/s of the ${ideal} the slots allow (${((pace / ideal) * 100).toFixed(0)} %); upload to done ${totalSeconds.toFixed(1)} s; ${o.job.items.succeeded} succeeded, ${o.job.items.failed} failed, ${o.job.credits.charged.toFixed(2)} credits${mark(problems.length > 0)}`,
    `  VIES checks / most under way at once, per state: ${peaks.map((p) => `${p.state} ${p.checks}/${p.peak}`).join(', ')}`,
    `  ${cpu}`,
    `  cached POST /v1/validate/vat at ${setup.rate} req/s, ${setup.seconds} s each (the serving thread's event-loop delay meanwhile):`,
    window('before the job', o.before),
    window('during it', o.busy),
    `${' '.repeat(20)}the job beside it: ${done} items done by the window's end, ${(done / setup.seconds).toFixed(0)} items/s`,
    window('after it', o.after),
    `  p99 during / p99 without (mean of before and after) = ${ratio.toFixed(2)} (bound ${MAX_RATIO})${mark(ratio > MAX_RATIO)}`,
    ...problems.map((p) => `  !! ${p}`),
  ];
}
