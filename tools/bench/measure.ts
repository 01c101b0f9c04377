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

/** A warm-up run, then the measured run; only the latter is reported. */
export async function measure(
  url: string,
  headers: Record<string, string> = {},
  profile: LoadProfile = LOAD,
): Promise<Measurement> {
  await load(url, headers, profile.connections, profile.warmupSeconds);
  const result = await load(url, headers, profile.connections, profile.durationSeconds);
  return {
    reqPerSec: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
  };
}
