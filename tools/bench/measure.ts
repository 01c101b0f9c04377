// The one measuring procedure every target goes through, so rows differ only in what serves them.
import autocannon from 'autocannon';

export interface LoadProfile {
  readonly connections: number;
  /** A short run first: JIT, connection pools and keep-alive sockets settle before we count. */
  readonly warmupSeconds: number;
  readonly durationSeconds: number;
}

export const LOAD: LoadProfile = { connections: 50, warmupSeconds: 2, durationSeconds: 10 };

export interface Measurement {
  readonly reqPerSec: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly requests: number;
  /** Connection errors, timeouts included. */
  readonly errors: number;
  readonly timeouts: number;
  readonly non2xx: number;
}

export interface WarmResponse {
  readonly body: string;
  /** The x-cache header of the second request (HIT when the endpoint's cache works), or null. */
  readonly cache: string | null;
  /** X-Credits-Remaining of the second request (economy rows), to see what the load spends. */
  readonly creditsRemaining: string | null;
}

async function get(url: string, headers: Record<string, string>): Promise<Response> {
  const res = await fetch(url, { headers, signal: AbortSignal.timeout(10_000) });
  if (res.status !== 200)
    throw new Error(`GET ${url} answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
  return res;
}

/**
 * Requests the endpoint twice: the first fills the cache (x-cache: MISS), the second shows it is
 * now served from the cache, which is the path we want to measure. Returns the body for the
 * baseline and for comparing targets.
 */
export async function warm(
  url: string,
  headers: Record<string, string> = {},
): Promise<WarmResponse> {
  await (await get(url, headers)).arrayBuffer();
  const res = await get(url, headers);
  return {
    body: await res.text(),
    cache: res.headers.get('x-cache'),
    creditsRemaining: res.headers.get('x-credits-remaining'),
  };
}

/** One autocannon run of `duration` seconds at `connections` against `url`. */
export function load(
  url: string,
  headers: Record<string, string>,
  connections: number,
  duration: number,
): Promise<autocannon.Result> {
  return autocannon({ url, headers, connections, duration });
}

/** What one or more load runs of a target add up to. */
function summary(results: readonly autocannon.Result[], seconds: number): Measurement {
  const sum = (pick: (r: autocannon.Result) => number) =>
    results.reduce((total, r) => total + pick(r), 0);
  const requests = sum((r) => r.requests.total);
  // Percentiles of runs weighted by their requests: close to the merged run's for runs as alike
  // as these (the same load on the same target, seconds apart).
  const weighted = (pick: (r: autocannon.Result) => number) =>
    requests ? sum((r) => pick(r) * r.requests.total) / requests : 0;
  return {
    reqPerSec: results.length === 1 ? results[0].requests.average : requests / seconds,
    p50Ms: weighted((r) => r.latency.p50),
    p99Ms: weighted((r) => r.latency.p99),
    requests,
    errors: sum((r) => r.errors),
    timeouts: sum((r) => r.timeouts),
    non2xx: sum((r) => r.non2xx),
  };
}

/** The seconds of one chunk of an interleaved measurement. */
export const CHUNK_SECONDS = 2;

/**
 * The rounds of a row measured side by side with the row it is compared with (a with a0, b with
 * b0): 24 s of load each, where a row alone gets 10 s. Their ratio is the number that matters (what
 * the access steps cost), and on the 2-core bench VM one run of 5 rounds landed anywhere from 0.56
 * to 0.86 for the same build: the machine's speed swings over tens of seconds, and more rounds
 * average over more of it.
 */
export const PAIRED_ROUNDS = 12;

export interface Interleaved {
  readonly measurement: Measurement;
  /** Req/s of each chunk, in order. */
  readonly chunkRates: readonly number[];
}

/**
 * Measures targets side by side, all of them running: a warm-up each, then `rounds` rounds in
 * which each target gets `seconds` of load in turn, the order alternating from round to round.
 * On a machine whose speed drifts (the 2-core bench VM: ±40% within a minute), targets measured
 * one after the other can land anywhere in that spread, so a ratio of two is only as good as
 * the machine was steady; here every round's chunks see the same machine. `around` wraps each
 * chunk's load (bench:pair reads the CPU time there).
 */
export async function measureInterleaved(
  targets: readonly { readonly url: string; readonly headers?: Record<string, string> }[],
  rounds: number,
  seconds: number,
  around: (index: number, run: () => Promise<autocannon.Result>) => Promise<autocannon.Result> = (
    _index,
    run,
  ) => run(),
): Promise<Interleaved[]> {
  for (const { url, headers = {} } of targets)
    await load(url, headers, LOAD.connections, LOAD.warmupSeconds);
  const chunks = targets.map((): autocannon.Result[] => []);
  const order = targets.map((_, index) => index);
  for (let round = 0; round < rounds; round++)
    for (const index of round % 2 ? [...order].reverse() : order) {
      const { url, headers = {} } = targets[index];
      chunks[index].push(await around(index, () => load(url, headers, LOAD.connections, seconds)));
    }
  return chunks.map((results) => ({
    measurement: summary(results, rounds * seconds),
    chunkRates: results.map((r) => r.requests.total / seconds),
  }));
}

/** A warm-up run, then the measured run; only the latter is reported. */
export async function measure(
  url: string,
  headers: Record<string, string> = {},
  profile: LoadProfile = LOAD,
): Promise<Measurement> {
  await load(url, headers, profile.connections, profile.warmupSeconds);
  const result = await load(url, headers, profile.connections, profile.durationSeconds);
  return summary([result], profile.durationSeconds);
}
