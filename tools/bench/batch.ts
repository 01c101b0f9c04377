// The batch row of `npm run bench`: a job of 10,000 cold VAT checks worked off by the standalone
// server against a VIES fake answering every check after 200 ms, and what the job does to the
// interactive callers: a cached VAT check at a fixed rate for 10 s before the job, 10 s while it
// runs and 10 s after it. The numbers are spread over five member states, because the server
// limits a batch per state (BATCH_CONCURRENCY, `vies=8`): all Dutch, 10,000 × 200 ms at 8 at a
// time would take over four minutes, and no customer's list is one state only.
import { checkVatNumber } from '@nl/contracts-validation';
import { ViesRecording } from '@nl/domain-validation';
import { ViesFake } from '@nl/testing';
import { cpuTicks } from './child-process.js';
import { VIES_LATENCY_MS, startDomainsApp } from './domain-load.js';
import { reportBatch, type JobView, type Latency } from './batch-report.js';
import { pacedLoad } from './paced-load.js';

const PORT = 3412;
const ITEMS = 10_000;
/** States whose check digits let about one counter in ten through (BE's and FR's: one in 97). */
const STATES = ['NL', 'DE', 'AT', 'DK', 'PL'] as const;
const PER_STATE = 8;
/**
 * Items one process works on at once. An item holds its worker for its row and its charge before
 * and after the upstream call too, its slot only during the call: with as many workers as slots
 * (40) slots stand idle while workers write rows. Alternated on the loaded 2-core VM, 40 workers
 * ran 166 and 184 items/s, 60 ran 170 and 195 (of 200). The default of 16 would cap the job at
 * 16 / 200 ms = 80 items/s.
 */
const WORKERS = 60;
const RATE = 100;
const SECONDS = 10;
/** A number VIES knows, looked up once so the interactive calls are cache hits. */
const CACHED_VAT = 'NL004495445B01';

/** A candidate of each state's shape for a counter; the format check keeps those whose digits fit. */
const SHAPES: Readonly<Record<(typeof STATES)[number], (n: number) => string>> = {
  NL: (n) => `NL${100_000_000 + n}B01`,
  DE: (n) => `DE${100_000_000 + n}`,
  AT: (n) => `ATU${10_000_000 + n}`,
  DK: (n) => `DK${10_000_000 + n}`,
  PL: (n) => `PL${1_000_000_000 + n}`,
};

interface VatNumber {
  readonly countryCode: string;
  readonly number: string;
  readonly vatNumber: string;
}

/** `count` numbers of `state` that pass the format and check-digit rules the API applies. */
function validNumbers(state: (typeof STATES)[number], count: number): VatNumber[] {
  const out: VatNumber[] = [];
  for (let n = 0; out.length < count; n++) {
    const check = checkVatNumber(SHAPES[state](n));
    if (check.ok) out.push(check);
  }
  return out;
}

/** The job's numbers, the states taking turns (as a mixed customer list would have them). */
function jobNumbers(): VatNumber[] {
  const perState = STATES.map((state) => validNumbers(state, Math.ceil(ITEMS / STATES.length)));
  return Array.from(
    { length: ITEMS },
    (_, i) => perState[i % STATES.length][Math.floor(i / STATES.length)],
  );
}

/**
 * The serving thread's event-loop delay since the last scrape of /metrics, in ms: whether slow
 * answers came from a busy thread. prom-client's histogram is reset by each scrape, and every
 * value in it includes the 10 ms interval of its sampling timer (an idle loop reads 10 ms), which
 * is taken off here.
 */
async function loopDelay(base: string): Promise<{ p99: number; max: number }> {
  const text = await (await fetch(`${base}/metrics`)).text();
  const read = (name: string) =>
    Number(new RegExp(`^${name} ([0-9.e+-]+)$`, 'm').exec(text)?.[1] ?? NaN) * 1000 - 10;
  return {
    p99: read('nodejs_eventloop_lag_p99_seconds'),
    max: read('nodejs_eventloop_lag_max_seconds'),
  };
}

/**
 * The cached check at a steady pace for `seconds` (paced-load.ts: one call every 10 ms, each
 * timed from when it was due), with the event-loop delay of those seconds.
 */
async function interactive(base: string, key: string, seconds: number): Promise<Latency> {
  await loopDelay(base);
  const r = await pacedLoad({
    url: `${base}/v1/validate/vat`,
    method: 'POST',
    headers: { 'x-api-key': key, 'content-type': 'application/json' },
    body: JSON.stringify({ vat_number: CACHED_VAT }),
    rate: RATE,
    seconds,
  });
  const loop = await loopDelay(base);
  return { ...r, loopP99: loop.p99, loopMax: loop.max };
}

/** Two calls of the cached number: the first may fill the cache, the second must hit it. */
async function warmCached(url: string, headers: Record<string, string>): Promise<void> {
  for (let i = 0; i < 2; i++) {
    const res = await fetch(url, {
      method: 'POST',
      headers,
      body: JSON.stringify({ vat_number: CACHED_VAT }),
    });
    await res.arrayBuffer();
    if (res.status !== 200 || (i === 1 && res.headers.get('x-cache') !== 'HIT'))
      throw new Error(`cached VAT check: ${res.status} ${res.headers.get('x-cache')}`);
  }
}

/** CPU clock ticks (10 ms) of the app's serving thread and of all its threads. */
async function cpuOf(pid: number | undefined) {
  if (pid === undefined) return null;
  const [main, all] = [await cpuTicks(pid, pid), await cpuTicks(pid)];
  return main === null || all === null ? null : { main, all };
}

/** Runs the row and returns its lines (`!!` marks a miss of the bound or a failed job). */
export async function runBatchBench(progress: (m: string) => void): Promise<string[]> {
  const numbers = jobNumbers();
  const recording = new ViesRecording();
  for (const { countryCode, number } of numbers)
    recording.register({ countryCode, vatNumber: number, name: 'BENCH TRADER', address: '---' });
  const vies = await ViesFake.start(recording);
  const app = await startDomainsApp('standalone-batch', PORT, {
    VIES_URL: vies.url,
    BATCH_CONCURRENCY: `vies=${PER_STATE}`,
    BATCH_WORKERS: String(WORKERS),
  }).catch(async (error: unknown) => {
    await vies.close();
    throw error;
  });
  try {
    const { base, key } = app;
    const json = { 'x-api-key': key, 'content-type': 'application/json' };
    await warmCached(`${base}/v1/validate/vat`, json);
    vies.upstream.slow(VIES_LATENCY_MS);
    vies.upstream.clearCalls();
    progress(`(batch) cached VAT check at ${RATE} req/s: ${SECONDS} s without a job`);
    await interactive(base, key, 2); // warm-up
    const before = await interactive(base, key, SECONDS);

    progress(
      `(batch) ${ITEMS} VAT numbers over ${STATES.join(', ')}, VIES fake ${VIES_LATENCY_MS} ms, vies=${PER_STATE} per state, ${WORKERS} workers`,
    );
    const cpuBefore = await cpuOf(app.pid);
    const submitted = Date.now();
    const res = await fetch(`${base}/v1/batches`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({
        endpoint: 'validation.vat.check',
        items: numbers.map((n) => ({ vat_number: n.vatNumber })),
      }),
    });
    const taken = (await res.json()) as JobView;
    if (res.status !== 202)
      throw new Error(`POST /v1/batches: ${res.status} ${JSON.stringify(taken)}`);
    const takenMs = Date.now() - submitted;
    const status = async () => {
      const polled = await fetch(`${base}/v1/batches/${taken.id}`, {
        headers: { 'x-api-key': key },
      });
      if (polled.status !== 200)
        throw new Error(`GET /v1/batches/{id}: ${polled.status} ${await polled.text()}`);
      return (await polled.json()) as JobView;
    };

    progress(
      `(batch) job taken in ${takenMs} ms; cached VAT check at ${RATE} req/s for ${SECONDS} s beside it`,
    );
    const busy = await interactive(base, key, SECONDS);
    const afterWindow = await status();
    let job = afterWindow;
    const deadline = Date.now() + 300_000;
    while ((job.state === 'queued' || job.state === 'running') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      job = await status();
    }
    const cpuAfter = await cpuOf(app.pid);
    progress(`(batch) job ${job.state}; cached VAT check at ${RATE} req/s: ${SECONDS} s after it`);
    const after = await interactive(base, key, SECONDS);
    const cpu =
      cpuBefore && cpuAfter
        ? { main: cpuAfter.main - cpuBefore.main, all: cpuAfter.all - cpuBefore.all }
        : null;
    return reportBatch(
      {
        items: ITEMS,
        states: STATES,
        perState: PER_STATE,
        workers: WORKERS,
        rate: RATE,
        seconds: SECONDS,
      },
      { before, busy, after, afterWindow, job, submitted, takenMs, vies, cpu },
    );
  } finally {
    await app.stop();
    await vies.close();
  }
}
