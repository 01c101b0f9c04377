// What the economy rows (auth, rate limits and credits on) share between the bench apps and the
// load generator: the bench account's balance and the checks that the load really was charged.
import { findEndpoint } from '@nl/contracts-catalog';
import { formatCredits, toHundredths } from '@nl/contracts-core';
import { readFile } from 'node:fs/promises';

/** The bench account's balance in hundredths: 10^10 credits, far more than any load can spend. */
export const BENCH_CREDITS = 1_000_000_000_000;

/** Reads the key an economy app wrote before it started listening (so it is there once ready). */
export async function readBenchKey(file: string): Promise<string> {
  const key = (await readFile(file, 'utf8').catch(() => '')).trim();
  if (!key.startsWith('nlk_')) throw new Error(`no API key in ${file} although the app is ready`);
  return key;
}

/** Credits headers (as the gateway formats them, e.g. `0.10`) turned back into hundredths. */
function hundredths(value: string | null): number | null {
  return value === null || !/^\d+\.\d\d$/.test(value) ? null : toHundredths(Number(value));
}

export interface EconomyProbe {
  /** X-Credits-Remaining before the load (from the warm-up) and after it (from the probe). */
  readonly remainingBefore: string | null;
  readonly remainingAfter: string | null;
  readonly charged: string | null;
  readonly rateLimit: string | null;
  /** Status of the same call without a key. */
  readonly unauthenticatedStatus: number;
  /** Requests the load completed: every one of them must have been paid for. */
  readonly loadRequests: number;
}

/**
 * What is off about an economy row: the probe after the load must be charged the catalog's
 * cached price, the limit must be the raised one, a call without a key must be refused, and the
 * balance must have dropped by at least one cached price per request of the load.
 */
export function economyProblems(endpointId: string, probe: EconomyProbe): string[] {
  const price = findEndpoint(endpointId).price.cached;
  const problems: string[] = [];
  if (probe.charged !== formatCredits(price))
    problems.push(
      `X-Credits-Charged was ${probe.charged ?? 'absent'}, expected ${formatCredits(price)} (cached price of ${endpointId})`,
    );
  if (!probe.rateLimit) problems.push('no RateLimit-Limit header: the limiter did not run');
  if (probe.unauthenticatedStatus !== 401)
    problems.push(`a call without a key answered ${probe.unauthenticatedStatus}, not 401`);
  const before = hundredths(probe.remainingBefore);
  const after = hundredths(probe.remainingAfter);
  const probeCharge = hundredths(probe.charged) ?? 0;
  if (before === null || after === null) {
    problems.push('no X-Credits-Remaining before or after the load');
  } else {
    const spent = before - after - probeCharge;
    if (spent < price * probe.loadRequests)
      problems.push(
        `the load spent ${formatCredits(spent)} credits for ${probe.loadRequests} requests, less than ${formatCredits(price)} each`,
      );
  }
  return problems;
}
