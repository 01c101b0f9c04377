// `npm run bench:pair [-- a a0]`: two rows of the main table measured side by side, for their
// ratio. On a machine whose speed drifts (the 2-core bench VM: ±40% from one minute to the
// next), a row measured after another can land anywhere in that spread, so one `npm run bench`
// says little about a ratio such as a/a0. Here both targets run at once and the load alternates
// between them in short chunks: each chunk's pair sees the same machine. Prints each target's
// req/s over all its chunks, their ratio, every chunk's ratio (the spread), and the CPU time of
// each target's serving thread and of all its threads per request (Linux /proc).
// BENCH_PAIR_ROUNDS (default 12) rounds of BENCH_PAIR_CHUNK_S (default 2) seconds each.
import { readdir, readFile } from 'node:fs/promises';
import { killChildrenOnExit } from './child-process.js';
import { LOAD, load, warm } from './measure.js';
import { TARGETS, type BenchContext, type RunningTarget } from './targets.js';

/** CPU time (user + system) in clock ticks of the thread `tid` of `pid`, or of all its threads. */
async function cpuTicks(pid: number, tid?: number): Promise<number | null> {
  const ticksOf = async (task: string) => {
    const stat = await readFile(`/proc/${pid}/task/${task}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  };
  try {
    if (tid !== undefined) return await ticksOf(String(tid));
    const tasks = await readdir(`/proc/${pid}/task`);
    return (await Promise.all(tasks.map(ticksOf))).reduce((a, b) => a + b, 0);
  } catch {
    return null; // not Linux, or the process is gone
  }
}

interface Side {
  readonly key: string;
  readonly running: RunningTarget;
  requests: number;
  mainTicks: number;
  allTicks: number;
  readonly chunkRates: number[];
}

async function chunk(side: Side, seconds: number): Promise<void> {
  const pid = side.running.pids[0];
  const [main0, all0] = [await cpuTicks(pid, pid), await cpuTicks(pid)];
  const result = await load(
    side.running.url,
    side.running.headers ?? {},
    LOAD.connections,
    seconds,
  );
  if (result.errors || result.non2xx)
    throw new Error(`${side.key}: ${result.errors} errors, ${result.non2xx} non-2xx answers`);
  const [main1, all1] = [await cpuTicks(pid, pid), await cpuTicks(pid)];
  side.requests += result.requests.total;
  side.chunkRates.push(result.requests.total / seconds);
  if (main0 !== null && main1 !== null) side.mainTicks += main1 - main0;
  if (all0 !== null && all1 !== null) side.allTicks += all1 - all0;
}

const [keyA = 'a', keyB = 'a0'] = process.argv.slice(2);
const rounds = Number(process.env.BENCH_PAIR_ROUNDS ?? 12);
const seconds = Number(process.env.BENCH_PAIR_CHUNK_S ?? 2);
const targetOf = (key: string) => {
  const target = TARGETS.find((t) => t.key === key);
  if (!target) throw new Error(`no bench row "${key}" (rows: ${TARGETS.map((t) => t.key)})`);
  return target;
};

killChildrenOnExit();
const ctx: BenchContext = {};
const sides: Side[] = [];
try {
  for (const key of [keyA, keyB]) {
    const running = await targetOf(key).start(ctx);
    sides.push({ key, running, requests: 0, mainTicks: 0, allTicks: 0, chunkRates: [] });
    ctx.referenceBody ??= (await warm(running.url, running.headers)).body;
  }
  for (const { running } of sides)
    await load(running.url, running.headers ?? {}, LOAD.connections, LOAD.warmupSeconds);
  for (let round = 0; round < rounds; round++)
    // Alternating which goes first, so neither always runs right after the other.
    for (const side of round % 2 ? [...sides].reverse() : sides) await chunk(side, seconds);

  const [a, b] = sides;
  const rate = (s: Side) => s.requests / (rounds * seconds);
  // Clock ticks are 10 ms on Linux: µs per request = ticks × 10,000 / requests.
  const perRequest = (ticks: number, s: Side) => ((ticks * 10_000) / s.requests).toFixed(1);
  // The report is this tool's output (stdout), as bench.ts's table; not a log line.
  process.stdout.write(
    [
      `${a.key} ${rate(a).toFixed(0)} req/s, ${b.key} ${rate(b).toFixed(0)} req/s: ` +
        `${a.key}/${b.key} = ${(rate(a) / rate(b)).toFixed(3)} over ${rounds} rounds of ${seconds} s`,
      `chunk ratios: ${a.chunkRates.map((r, i) => (r / b.chunkRates[i]).toFixed(2)).join(' ')}`,
      `CPU µs per request, serving thread: ${a.key} ${perRequest(a.mainTicks, a)}, ${b.key} ${perRequest(b.mainTicks, b)}; ` +
        `all threads: ${a.key} ${perRequest(a.allTicks, a)}, ${b.key} ${perRequest(b.allTicks, b)}`,
    ].join('\n') + '\n',
  );
} finally {
  for (const side of sides) await side.running.stop();
}
