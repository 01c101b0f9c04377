// What the load asks: SBI lookups, SBI searches and the disposable-domain check, each a mix of
// a few hot requests (cache hits) and many distinct ones (misses), spread over the account's
// keys so no key reaches its per-minute limit. Seeded, so a failing run can be replayed.
import { Prng } from '@nl/testing';

export const ENDPOINTS = ['lookup', 'search', 'disposable'] as const;
export type EndpointName = (typeof ENDPOINTS)[number];

export interface PlannedRequest {
  readonly endpoint: EndpointName;
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly body?: string;
  readonly key: string;
}

/** Share of the load per endpoint; the disposable check has the lowest limit (Premium 100/min). */
const SHARE: Record<EndpointName, number> = { lookup: 0.6, search: 0.2, disposable: 0.2 };
const HOT_QUERIES = ['bakkerij', 'software', 'softwre', 'vis', 'transport'];
const DISPOSABLE_BODY = JSON.stringify({ email: 'x@mailinator.com' });
/** Per key per minute, with room to spare below Premium's 100 for the disposable check. */
const DISPOSABLE_PER_KEY_MINUTE = 70;

/** Keys needed so `rps` stays under every per-key limit (at least 8). */
export function keysFor(rps: number): number {
  return Math.max(8, Math.ceil((rps * SHARE.disposable * 60) / DISPOSABLE_PER_KEY_MINUTE));
}

/** A deterministic stream of floats in [0, 1), so a run's mix of requests can be replayed. */
function seeded(seed: number): () => number {
  const prng = new Prng(seed);
  return () => prng.next();
}

/** A few codes spread over the classification (SBI 2025 renumbered many, so none hard-coded). */
function hotCodes(codes: readonly string[]): string[] {
  const step = Math.max(1, Math.floor(codes.length / 5));
  return [0, 1, 2, 3, 4].map((i) => codes[(i * step) % codes.length]);
}

export class Workload {
  private readonly random: () => number;
  private readonly hotCodes: readonly string[];
  private readonly turn: Record<EndpointName, number> = { lookup: 0, search: 0, disposable: 0 };

  /**
   * `codes`: every SBI class (dotted); `words`: words of their titles, the distinct searches.
   */
  constructor(
    private readonly codes: readonly string[],
    private readonly words: readonly string[],
    private readonly keys: readonly string[],
    seed = 8,
  ) {
    this.random = seeded(seed);
    this.hotCodes = hotCodes(codes);
  }

  next(): PlannedRequest {
    const endpoint = this.pickEndpoint();
    // Round robin per endpoint, so each key gets an equal share of each endpoint's limit.
    const key = this.keys[this.turn[endpoint]++ % this.keys.length];
    if (endpoint === 'lookup') {
      const code = this.hot() ? this.pick(this.hotCodes) : this.pick(this.codes);
      return { endpoint, key, method: 'GET', path: `/v1/cbs/sbi/${code}` };
    }
    if (endpoint === 'search') {
      const q = this.hot() ? this.pick(HOT_QUERIES) : this.pick(this.words);
      return {
        endpoint,
        key,
        method: 'GET',
        path: `/v1/cbs/sbi/search?q=${encodeURIComponent(q)}`,
      };
    }
    return {
      endpoint,
      key,
      method: 'POST',
      path: '/v1/validate/email/disposable',
      body: DISPOSABLE_BODY,
    };
  }

  private pickEndpoint(): EndpointName {
    let r = this.random();
    for (const endpoint of ENDPOINTS) {
      r -= SHARE[endpoint];
      if (r < 0) return endpoint;
    }
    return 'disposable';
  }

  private hot(): boolean {
    return this.random() < 0.5;
  }

  private pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.random() * items.length)];
  }
}
