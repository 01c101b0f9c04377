// `npm run bench`: throughput and latency of one cached GET through each way of running the API,
// against a bare NestJS + Fastify app returning the same JSON. Targets run one after the other,
// each in its own processes, so they never compete for the CPUs; a row and the row it is
// compared with (pairOf: a with a0) run together instead, the load alternating between them in
// 2 s chunks (measureInterleaved), so that their ratio is not the machine's drift from one to
// the other. Progress goes to stderr, the table to stdout. Exit code 1 when a run failed or had
// errors / non-2xx responses.
import 'reflect-metadata';
import { killChildrenOnExit, peakRssMb } from './child-process.js';
import { economyProblems, type EconomyProbe } from './economy.js';
import {
  CHUNK_SECONDS,
  LOAD,
  measure,
  measureInterleaved,
  PAIRED_ROUNDS,
  warm,
  type Measurement,
} from './measure.js';
import { failedRun, formatReport, type Row } from './report.js';
import { runDomainBench } from './domains.js';
import { runDossierBench } from './dossier.js';
import { runPropertyBench } from './property.js';
import { runNeighbourBench } from './neighbours.js';
import { runBatchBench } from './batch.js';
import { runStatusBench } from './status-cost.js';
import { runNdwBench } from './ndw.js';
import { runStartupBench } from './startup.js';
import { runX402Bench } from './x402.js';
import { runCrashBench } from './crash.js';
import { ENDPOINT, type RunningTarget } from './launch.js';
import { ENDPOINT_ID, pairOf, TARGETS, type BenchContext, type Target } from './targets.js';

const progress = (message: string) => process.stderr.write(`${message}\n`);

/** Checks the warmed-up response is the one we mean to measure; returns what is off. */
function checkWarm(
  target: Target,
  ctx: BenchContext,
  body: string,
  cache: string | null,
): string[] {
  const warnings: string[] = [];
  if (target.cached && cache !== 'HIT')
    warnings.push(
      `x-cache was ${cache ?? 'absent'} after warm-up, expected HIT: not the cached path`,
    );
  if (ctx.referenceBody !== undefined && body !== ctx.referenceBody)
    warnings.push('response body differs from the first target’s');
  return warnings;
}

/**
 * An economy row must really have authenticated, limited and charged every call: one more call
 * after the load shows the charge, the limit and the balance, and one without a key must fail.
 */
async function checkEconomy(
  target: Target,
  url: string,
  headers: Record<string, string>,
  remainingBefore: string | null,
  loadRequests: number,
): Promise<string[]> {
  const res = await fetch(url, { headers, signal: AbortSignal.timeout(10_000) });
  await res.arrayBuffer();
  const unauthenticated = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  await unauthenticated.arrayBuffer();
  const probe: EconomyProbe = {
    remainingBefore,
    remainingAfter: res.headers.get('x-credits-remaining'),
    charged: res.headers.get('x-credits-charged'),
    rateLimit: res.headers.get('ratelimit-limit'),
    unauthenticatedStatus: unauthenticated.status,
    loadRequests,
  };
  progress(
    `(${target.key}) after the load: status ${res.status}, X-Credits-Charged ${probe.charged ?? 'absent'}, X-Credits-Remaining ${probe.remainingBefore ?? 'absent'} → ${probe.remainingAfter ?? 'absent'}, RateLimit-Limit ${probe.rateLimit ?? 'absent'}; without a key ${probe.unauthenticatedStatus}`,
  );
  const problems = economyProblems(ENDPOINT_ID, probe);
  if (res.status !== 200) problems.unshift(`the call after the load answered ${res.status}`);
  return problems;
}

/** A started target, warmed up and checked; its row is finished by {@link finishRow}. */
interface Warmed {
  readonly target: Target;
  readonly running: RunningTarget;
  readonly headers: Record<string, string>;
  readonly creditsRemaining: string | null;
  readonly warnings: string[];
}

async function warmUp(target: Target, ctx: BenchContext, running: RunningTarget): Promise<Warmed> {
  const headers = running.headers ?? {};
  const { body, cache, creditsRemaining } = await warm(running.url, headers);
  const warnings = checkWarm(target, ctx, body, cache);
  ctx.referenceBody ??= body;
  return { target, running, headers, creditsRemaining, warnings };
}

async function finishRow(warmed: Warmed, measurement: Measurement): Promise<Row> {
  const { target, running, headers, creditsRemaining, warnings } = warmed;
  if (headers['x-api-key'])
    warnings.push(
      ...(await checkEconomy(target, running.url, headers, creditsRemaining, measurement.requests)),
    );
  // Read before stopping: VmHWM disappears with the process.
  const peaks = await Promise.all(running.pids.map(peakRssMb));
  const peakRss = peaks.every((p): p is number => p !== null) ? peaks : undefined;
  return { target, measurement, peakRssMb: peakRss, warnings };
}

/** Runs `targets` (one, or a row with the one it is compared with) and measures them. */
async function runTargets(targets: readonly Target[], ctx: BenchContext): Promise<Row[]> {
  const runnable: Target[] = [];
  const rows = new Map<Target, Row>();
  for (const target of targets) {
    const skip = await target.preflight?.(ctx);
    if (!skip) runnable.push(target);
    else {
      progress(`(${target.key}) ${target.label}: skipped, ${skip}`);
      rows.set(target, { target, missing: `skipped: ${skip}`, warnings: [] });
    }
  }
  const started: RunningTarget[] = [];
  try {
    const warmed: Warmed[] = [];
    for (const target of runnable) {
      progress(`(${target.key}) ${target.label}: starting`);
      const running = await target.start(ctx);
      started.push(running);
      warmed.push(await warmUp(target, ctx, running));
    }
    if (warmed.length === 1) {
      const [{ target, running, headers }] = warmed;
      progress(
        `(${target.key}) measuring ${running.url}: ${LOAD.warmupSeconds} s warm-up + ${LOAD.durationSeconds} s`,
      );
      rows.set(target, await finishRow(warmed[0], await measure(running.url, headers)));
    } else if (warmed.length) {
      const rounds = PAIRED_ROUNDS;
      progress(
        `(${warmed.map((w) => w.target.key).join(', ')}) measuring side by side: ${LOAD.warmupSeconds} s warm-up each, then ${rounds} rounds of ${CHUNK_SECONDS} s each in turn`,
      );
      const results = await measureInterleaved(
        warmed.map((w) => w.running),
        rounds,
        CHUNK_SECONDS,
      );
      for (const [index, w] of warmed.entries())
        rows.set(w.target, {
          ...(await finishRow(w, results[index].measurement)),
          chunkRates: results[index].chunkRates,
        });
    }
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    for (const target of runnable) {
      progress(`(${target.key}) ${target.label} FAILED: ${message}`);
      rows.set(target, { target, missing: `FAILED: ${message.split('\n')[0]}`, warnings: [] });
    }
  } finally {
    for (const running of started.reverse()) await running.stop();
  }
  return targets.map((target) => rows.get(target) as Row);
}

/**
 * `BENCH_ONLY=a,a0,c` runs just those rows of the main table and none of the other sections:
 * a quick loop while working on one path; a section can be named by its key too (`startup`,
 * `crash`, or the first word of its name). Unset, everything runs.
 */
const only = process.env.BENCH_ONLY?.split(',')
  .map((k) => k.trim())
  .filter(Boolean);

killChildrenOnExit();
const ctx: BenchContext = {};
const rows: Row[] = [];
const chosen = TARGETS.filter((target) => !only || only.includes(target.key));
for (const target of chosen) {
  if (rows.some((row) => row.target === target)) continue; // measured with its pair
  const versus = pairOf(target, chosen);
  rows.push(...(await runTargets(versus ? [target, versus] : [target], ctx)));
}

/**
 * One section of rows after the main table, its failure a line of its own; under BENCH_ONLY
 * skipped unless its key (by default the first word of its name) is named.
 */
async function section(
  name: string,
  run: (say: typeof progress) => Promise<string[]>,
  key?: string,
): Promise<string[]> {
  if (only && !only.includes(key ?? name.split(' ')[0])) return [];
  try {
    return await run(progress);
  } catch (err) {
    return [`!!! ${name} FAILED: ${err instanceof Error ? err.message : String(err)}`];
  }
}

const sections = [
  await section('startup rows', runStartupBench, 'startup'),
  await section('domain rows', runDomainBench),
  [
    ...(await section('property rows', runPropertyBench)),
    '',
    ...(await section('dossier rows', runDossierBench)),
  ],
  await section('ndw rows', runNdwBench),
  await section('x402 rows', runX402Bench),
  await section('noisy-neighbour row', runNeighbourBench),
  await section('batch row', runBatchBench),
  await section('status row', runStatusBench),
  await section('crash rows', runCrashBench),
].filter((lines) => lines.some(Boolean));

console.log(
  [formatReport(rows, ENDPOINT, LOAD), ...sections.map((lines) => lines.join('\n'))].join('\n\n'),
);
const failed = rows.some(
  (r) =>
    r.missing?.startsWith('FAILED') ||
    r.warnings.length ||
    (r.measurement && failedRun(r.measurement)),
);
if (failed || sections.flat().some((l) => l.includes('!!'))) process.exitCode = 1;
