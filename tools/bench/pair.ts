// `npm run bench:pair [-- a a0]`: two rows of the main table measured side by side, for their
// ratio. On a machine whose speed drifts (the 2-core bench VM: ±40% from one minute to the
// next), a row measured after another can land anywhere in that spread. Here both targets run at
// once and the load alternates between them in short chunks (measureInterleaved, as
// `npm run bench` measures a with a0, in PAIRED_ROUNDS rounds): each chunk's pair sees
// the same machine. This tool takes any two rows and as many rounds as asked. Prints each target's
// req/s over all its chunks, their ratio, every chunk's ratio (the spread), and the CPU time of
// each target's serving thread and of all its threads per request (Linux /proc; of a distributed
// target, its gateway's).
// A row written `a@../other-checkout` runs from that checkout's build (built there first, with
// its own node_modules): `npm run bench:pair -- a a@../before` measures a change against the
// build before it, interleaved, on its own ports.
// BENCH_PAIR_ROUNDS (default PAIRED_ROUNDS) rounds of BENCH_PAIR_CHUNK_S (default 2) seconds each.
import { resolve } from 'node:path';
import { cpuTicks, killChildrenOnExit } from './child-process.js';
import { CHUNK_SECONDS, measureInterleaved, PAIRED_ROUNDS, warm } from './measure.js';
import type { RunningTarget } from './launch.js';
import { TARGETS, type BenchContext } from './targets.js';

const [keyA = 'a', keyB = 'a0'] = process.argv.slice(2);
/** `row@/path/to/checkout`: the row as another checkout builds it (that checkout built first). */
const parseKey = (key: string) => {
  const at = key.indexOf('@');
  return at < 0 ? { row: key } : { row: key.slice(0, at), checkout: resolve(key.slice(at + 1)) };
};
const rounds = Number(process.env.BENCH_PAIR_ROUNDS ?? PAIRED_ROUNDS);
const seconds = Number(process.env.BENCH_PAIR_CHUNK_S ?? CHUNK_SECONDS);
const targetOf = (key: string) => {
  const target = TARGETS.find((t) => t.key === key);
  if (!target) throw new Error(`no bench row "${key}" (rows: ${TARGETS.map((t) => t.key)})`);
  return target;
};

killChildrenOnExit();
const ctx: BenchContext = {};
const running: RunningTarget[] = [];
try {
  const rows = [keyA, keyB].map(parseKey);
  for (const [index, { row, checkout }] of rows.entries()) {
    // The same row twice (two builds of it): the second on ports clear of every row's own.
    const portShift = index === 1 && row === rows[0].row ? 20 : 0;
    const started = await targetOf(row).start({ ...ctx, checkout, portShift });
    running.push(started);
    ctx.referenceBody ??= (await warm(started.url, started.headers)).body;
  }
  // CPU clock ticks of each target's serving thread and of all its threads, over its chunks.
  const ticks = running.map(() => ({ main: 0, all: 0 }));
  const results = await measureInterleaved(running, rounds, seconds, async (index, run) => {
    // The process on the public port, started last: a distributed target's gateway.
    const pid = running[index].pids[running[index].pids.length - 1];
    const [main0, all0] = [await cpuTicks(pid, pid), await cpuTicks(pid)];
    const result = await run();
    const [main1, all1] = [await cpuTicks(pid, pid), await cpuTicks(pid)];
    if (main0 !== null && main1 !== null) ticks[index].main += main1 - main0;
    if (all0 !== null && all1 !== null) ticks[index].all += all1 - all0;
    return result;
  });
  results.forEach(({ measurement: m }, index) => {
    if (m.errors || m.non2xx)
      throw new Error(`${[keyA, keyB][index]}: ${m.errors} errors, ${m.non2xx} non-2xx answers`);
  });
  const [a, b] = results;
  const rate = (index: number) => results[index].measurement.reqPerSec;
  // Clock ticks are 10 ms on Linux: µs per request = ticks × 10,000 / requests.
  const perRequest = (index: number, which: 'main' | 'all') =>
    ((ticks[index][which] * 10_000) / results[index].measurement.requests).toFixed(1);
  // The report is this tool's output (stdout), as bench.ts's table; not a log line.
  process.stdout.write(
    [
      `${keyA} ${rate(0).toFixed(0)} req/s, ${keyB} ${rate(1).toFixed(0)} req/s: ` +
        `${keyA}/${keyB} = ${(rate(0) / rate(1)).toFixed(3)} over ${rounds} rounds of ${seconds} s`,
      `chunk ratios: ${a.chunkRates.map((r, i) => (r / b.chunkRates[i]).toFixed(2)).join(' ')}`,
      `CPU µs per request, serving thread: ${keyA} ${perRequest(0, 'main')}, ${keyB} ${perRequest(1, 'main')}; ` +
        `all threads: ${keyA} ${perRequest(0, 'all')}, ${keyB} ${perRequest(1, 'all')}`,
    ].join('\n') + '\n',
  );
} finally {
  for (const target of running) await target.stop();
}
