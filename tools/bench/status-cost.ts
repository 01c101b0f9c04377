// The status row of `npm run bench`: what keeping the public status figures costs a call on the
// serving thread. Measured as the work the figures add to one answer (counted in a tight loop,
// ns) against the serving thread's CPU time of a whole cached paid call on the standalone app
// (row a, µs). Both are steady where a ratio of two whole builds under load is not: on the 2-core
// bench VM interleaved builds of the same code differ by ±5 %, more than the bound.
import type { ReplyEnvelope } from '@nl/contracts-core';
import { StatusSamples } from '@nl/gateway-status';
import { noteUpstreamCalls, runInRequest } from '@nl/platform-context';
import { withUpstreamCalls } from '@nl/platform-transport';
import { cpuTicks } from './child-process.js';
import { LOAD, load } from './measure.js';
import { standaloneTarget } from './targets.js';

const PORT = 3495;
const LOOPS = 1_000_000;
/** The bound: the added work at most this share of a cached paid call. */
const TARGET = 0.02;

/** ns per run of `work`, the best of three rounds of `LOOPS` runs. */
function nsPer(work: (i: number) => void): number {
  let best = Infinity;
  for (let round = 0; round < 3; round++) {
    const started = performance.now();
    for (let i = 0; i < LOOPS; i++) work(i);
    best = Math.min(best, ((performance.now() - started) * 1e6) / LOOPS);
  }
  return best;
}

const reply: ReplyEnvelope = {
  data: { code: '62.10' },
  meta: { cache: 'hit', fetchedAt: '2026-11-28T00:00:00.000Z', source: 'cbs-sbi-2025' },
};

/**
 * What a cached answer adds: the service's collection for its message (an array in the
 * request context, nothing to attach), the client's look at the reply's meta, and the count.
 */
function cachedAnswer(samples: StatusSamples) {
  return (i: number) => {
    const calls: never[] = [];
    const answered = runInRequest({ requestId: 'bench-request', upstreamCalls: calls }, () =>
      withUpstreamCalls(reply, calls),
    ) as ReplyEnvelope;
    if (answered.meta.upstreams) throw new Error('no upstream call was made');
    const answer = {
      endpoint: 'cbs.sbi.lookup',
      status: 200,
      cache: 'hit',
      seconds: 0.002 + (i % 7) / 1e4,
      sandbox: false,
    };
    samples.endpointAnswer(answer.endpoint, answer.status, true, answer.seconds * 1000);
  };
}

/**
 * What a cold answer with one upstream call adds on top: the call noted in the request's
 * collection, the reply's meta copied with it, taken off again by the client and counted.
 */
function coldAnswer(samples: StatusSamples) {
  return (i: number) => {
    const calls: { upstream: string; ms: number }[] = [];
    const answered = runInRequest({ requestId: 'bench-request', upstreamCalls: calls }, () => {
      noteUpstreamCalls([{ upstream: 'vies', ms: 200 + (i % 13) }]);
      return withUpstreamCalls(reply, calls);
    }) as ReplyEnvelope;
    const { upstreams, ...meta } = answered.meta;
    if (!upstreams || !meta.source) throw new Error('the call was not carried');
    samples.upstreamCalls(upstreams);
    samples.endpointAnswer('validation.vat.check', 200, false, 201 + (i % 13));
  };
}

/** Runs the row and returns the lines to print. */
export async function runStatusBench(progress: (m: string) => void): Promise<string[]> {
  progress('(s) the status figures: the work they add to an answer, in a loop');
  const cached = nsPer(cachedAnswer(new StatusSamples(300)));
  const cold = nsPer(coldAnswer(new StatusSamples(300)));

  progress(`(s) a cached paid call's serving-thread CPU on row a's app, ${LOAD.durationSeconds} s`);
  const target = await standaloneTarget('a', true, PORT).start({});
  try {
    const pid = target.pids[target.pids.length - 1];
    await load(target.url, target.headers ?? {}, LOAD.connections, LOAD.warmupSeconds);
    const before = await cpuTicks(pid, pid);
    const result = await load(
      target.url,
      target.headers ?? {},
      LOAD.connections,
      LOAD.durationSeconds,
    );
    const after = await cpuTicks(pid, pid);
    if (before === null || after === null) return ['status row: no /proc here, not measured'];
    // Clock ticks are 10 ms on Linux.
    const callUs = ((after - before) * 10_000) / result.requests.total;
    const share = cached / 1000 / callUs;
    // A cold call costs the serving thread more than a cached one: against the cached call's
    // time, the cold share is an upper bound.
    const coldShare = cold / 1000 / callUs;
    return [
      'Status figures on the hot path (standalone, row a):',
      `  added per cached answer ${cached.toFixed(0)} ns, per cold answer with one upstream call ${cold.toFixed(0)} ns`,
      `  a cached paid call: ${callUs.toFixed(1)} µs of serving thread (${Math.round(result.requests.total / LOAD.durationSeconds)} req/s)`,
      `  share of a cached call ${(share * 100).toFixed(2)} %; of a cold call at most ${(coldShare * 100).toFixed(2)} % (target ≤ ${TARGET * 100} %)${Math.max(share, coldShare) > TARGET ? '  <-- over' : ''}`,
    ];
  } finally {
    await target.stop();
  }
}
