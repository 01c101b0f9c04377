import { send, type Outcome } from './client.js';
import type { FuzzCase, FuzzGenerator } from './generator.js';
import { judge, mediaType, type Verdict } from './oracle.js';
import { serialize } from './request.js';

/** One de-duplicated failure: where, what came back, why it is wrong, and the smallest case. */
export interface FuzzFailure {
  readonly operation: string;
  /** The status, or `(timeout)`, `(reset)`, … when nothing came back. */
  readonly status: string;
  readonly contentType: string;
  readonly reason: string;
  readonly tag: string;
  count: number;
  /** The smallest case (in bytes sent) with this signature. */
  example: FuzzCase;
  exampleBytes: number;
}

/** Cases the server cannot answer (see {@link FuzzCase.mayNotAnswer}), by why. */
export interface FuzzNote {
  readonly reason: string;
  count: number;
  example: FuzzCase;
}

export interface FuzzStats {
  readonly seed: number;
  cases: number;
  durationMs: number;
  /** Per operation (or pseudo-operation), per status, how many answers. */
  readonly byOperation: Map<string, Map<string, number>>;
  readonly failures: Map<string, FuzzFailure>;
  readonly notes: Map<string, FuzzNote>;
  /** The slowest answers (cases the server cannot answer left out), slowest first. */
  readonly slowest: { ms: number; status: string; testCase: FuzzCase }[];
  /** Set when the server stopped accepting connections: after which case. */
  serverDied?: string;
}

export interface RunOptions {
  readonly host: string;
  readonly port: number;
  readonly count: number;
  /** Index of the first case; with `count` 1, replays a single case. */
  readonly first?: number;
  readonly concurrency: number;
  /** How long an answer may take before the case counts as hanging. */
  readonly timeoutMs?: number;
  /** How long to watch a case the server cannot answer (it should not crash meanwhile). */
  readonly noAnswerWaitMs?: number;
  readonly onProgress?: (done: number, stats: FuzzStats) => void;
}

function statusOf(outcome: Outcome): string {
  return outcome.kind === 'response' ? String(outcome.status) : `(${outcome.kind})`;
}

function count(stats: FuzzStats, testCase: FuzzCase, status: string): void {
  const row = stats.byOperation.get(testCase.reportAs) ?? new Map<string, number>();
  row.set(status, (row.get(status) ?? 0) + 1);
  stats.byOperation.set(testCase.reportAs, row);
}

function recordFailure(
  stats: FuzzStats,
  testCase: FuzzCase,
  outcome: Outcome,
  verdict: Extract<Verdict, { kind: 'fail' }>,
) {
  const status = statusOf(outcome);
  const contentType = outcome.kind === 'response' ? mediaType(outcome) || '(none)' : '-';
  const { reason } = verdict;
  const tag = verdict.cause ?? testCase.tag;
  const key = [testCase.reportAs, status, contentType, reason, tag].join('\u0000');
  const size = serialize(testCase.request, '127.0.0.1').length;
  const known = stats.failures.get(key);
  if (!known) {
    const failure = { operation: testCase.reportAs, status, contentType, reason, tag };
    stats.failures.set(key, { ...failure, count: 1, example: testCase, exampleBytes: size });
    return;
  }
  known.count++;
  if (size < known.exampleBytes) {
    known.example = testCase;
    known.exampleBytes = size;
  }
}

const SLOWEST = 5;

function recordTime(stats: FuzzStats, testCase: FuzzCase, outcome: Outcome): void {
  if (testCase.mayNotAnswer) return;
  const slowest = stats.slowest;
  if (slowest.length >= SLOWEST && outcome.ms <= slowest[slowest.length - 1].ms) return;
  slowest.push({ ms: outcome.ms, status: statusOf(outcome), testCase });
  slowest.sort((a, b) => b.ms - a.ms);
  slowest.splice(SLOWEST);
}

function recordNote(stats: FuzzStats, testCase: FuzzCase, reason: string): void {
  const known = stats.notes.get(reason);
  if (known) known.count++;
  else stats.notes.set(reason, { reason, count: 1, example: testCase });
}

/** Whether the server still accepts a connection and answers its liveness probe. */
async function alive(options: RunOptions): Promise<boolean> {
  const probe = Buffer.from('GET /health/live HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
  const outcome = await send(probe, { host: options.host, port: options.port, timeoutMs: 10_000 });
  return outcome.kind === 'response';
}

function emptyStats(seed: number): FuzzStats {
  return {
    seed,
    cases: 0,
    durationMs: 0,
    byOperation: new Map(),
    failures: new Map(),
    notes: new Map(),
    slowest: [],
  };
}

/** Sends one case, judges the outcome and records it; checks the server survived a non-answer. */
async function runOne(stats: FuzzStats, testCase: FuzzCase, options: RunOptions): Promise<void> {
  const timeoutMs = testCase.mayNotAnswer
    ? (options.noAnswerWaitMs ?? 1_000)
    : (options.timeoutMs ?? 10_000);
  const outcome = await send(serialize(testCase.request, `${options.host}:${options.port}`), {
    host: options.host,
    port: options.port,
    timeoutMs,
    head: testCase.request.method === 'HEAD',
  });
  stats.cases++;
  count(stats, testCase, statusOf(outcome));
  recordTime(stats, testCase, outcome);
  const verdict = judge(testCase, outcome);
  if (verdict.kind === 'fail') recordFailure(stats, testCase, outcome, verdict);
  if (verdict.kind === 'no-answer') recordNote(stats, testCase, verdict.reason);
  if (outcome.kind !== 'response' && !stats.serverDied && !(await alive(options)))
    stats.serverDied = `after case #${testCase.index} (${testCase.tag}: ${testCase.detail})`;
}

/**
 * Runs `count` cases of `generator` with `concurrency` connections in flight, judges each
 * answer and tallies statuses and failures. Stops early if the server dies.
 */
export async function runFuzz(generator: FuzzGenerator, options: RunOptions): Promise<FuzzStats> {
  const stats = emptyStats(generator.seed);
  const started = performance.now();
  const cases = generator.cases(options.count, options.first ?? 0);
  const worker = async () => {
    while (!stats.serverDied) {
      const next = cases.next();
      if (next.done) return;
      await runOne(stats, next.value, options);
      options.onProgress?.(stats.cases, stats);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  stats.durationMs = Math.round(performance.now() - started);
  return stats;
}
