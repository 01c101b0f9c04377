// The dossier rows of `npm run bench`: cold GET /v1/property/pandgegevens with the five upstream
// fakes answering after typical latencies of their sources, as a ratio to PDOK plus the slowest
// source (a parallel fan-out, not a sum) and to the floor (PDOK, then the longest chain of calls
// that each need the one before: the plan search and the vlakken of the plan it chose), and
// cached dossiers through the standalone gateway (auth, limits and credits on). Fakes in this
// process, the app in its own.
import { PROPERTY_RECORDINGS } from '@nl/domain-property';
import { PropertyFakes } from '@nl/testing';
import { load, percentile, startDomainsApp } from './domain-load.js';
import { LOAD } from './measure.js';

const PORT = 3409;
const COLD_CALLS = 20;
/** Latency of each fake per request: about what each source takes for one answer. */
const LATENCY_MS = { pdok: 30, bag: 80, epOnline: 120, woz: 150, plans: 200 } as const;
/** Requests per dossier, per source: BAG asks address and object, plans search and vlakken. */
const CALLS = { pdok: 1, bag: 2, epOnline: 1, woz: 1, plans: 2 } as const;
/**
 * How many of them wait for the one before: BAG's object is asked beside its address (PDOK's
 * document names it), but the vlakken search needs the id of the plan the search chose.
 */
const CALLS_IN_SERIES = { pdok: 1, bag: 1, epOnline: 1, woz: 1, plans: 2 } as const;
/** Why a source's calls wait for each other. */
const SERIES_WHY: Partial<Record<Source, string>> = {
  plans: 'the vlakken search needs the plan the first one chose',
};
const TARGET_RATIO = 1.2;

type Source = keyof typeof LATENCY_MS;
const sources = Object.keys(LATENCY_MS) as Source[];
const rest = sources.filter((s) => s !== 'pdok');
const branch = (s: Source) => LATENCY_MS[s] * CALLS_IN_SERIES[s];
const fake = (s: Source, label: string) =>
  `${label} ${LATENCY_MS[s]}${CALLS[s] === 1 ? '' : CALLS_IN_SERIES[s] === 1 ? ` (x${CALLS[s]} at once)` : ` (x${CALLS[s]} in series)`}`;

/** Runs the rows and returns the lines to print. */
export async function runDossierBench(progress: (m: string) => void): Promise<string[]> {
  const fakes = await PropertyFakes.start(PROPERTY_RECORDINGS);
  const app = await startDomainsApp(
    'standalone-dossier',
    PORT,
    fakes.env() as Record<string, string>,
  ).catch(async (error: unknown) => {
    await fakes.close();
    throw error;
  });
  try {
    const { base, key } = app;
    const auth = { 'x-api-key': key };
    const dossier = (house: number) =>
      `${base}/v1/property/pandgegevens?postcode=3526KP&house_number=${house}`;
    for (const s of sources) fakes[s].slow(LATENCY_MS[s]);

    progress(
      `(d) ${COLD_CALLS} cold dossiers one by one, fakes at ${JSON.stringify(LATENCY_MS)} ms`,
    );
    const cold: number[] = [];
    for (let i = 0; i < COLD_CALLS + 2; i++) {
      const address = fakes.copyEuropalaan(300 + i);
      const started = performance.now();
      const res = await fetch(dossier(address.house_number), { headers: auth });
      const body = (await res.json()) as { meta?: { complete?: boolean } };
      const ms = performance.now() - started;
      if (res.status !== 200 || res.headers.get('x-cache') !== 'MISS' || !body.meta?.complete)
        throw new Error(`cold dossier ${i}: ${res.status} ${res.headers.get('x-cache')}`);
      if (i >= 2) cold.push(ms); // the first two warm the process up
    }
    cold.sort((a, b) => a - b);

    progress(`(d) cached dossier through the standalone gateway, ${LOAD.durationSeconds} s`);
    for (const s of sources) fakes[s].reset();
    const cachedUrl = dossier(300);
    const cached = await load('cached GET /v1/property/pandgegevens', cachedUrl, {
      method: 'GET',
      headers: auth,
    });

    const median = percentile(cold, 50);
    const slowestSource = Math.max(...rest.map((s) => LATENCY_MS[s]));
    const longest = rest.reduce((a, b) => (branch(b) > branch(a) ? b : a));
    const floor = LATENCY_MS.pdok + branch(longest);
    const sum = sources.reduce((total, s) => total + LATENCY_MS[s] * CALLS[s], 0);
    const ratio = median / (LATENCY_MS.pdok + slowestSource);
    const floorRatio = floor / (LATENCY_MS.pdok + slowestSource);
    const overFloor = median / floor;
    const over = (r: number) => (r > TARGET_RATIO ? '  <-- over' : '');
    return [
      `Property dossier (standalone, auth + limits + credits on):`,
      `cold GET /v1/property/pandgegevens, ${COLD_CALLS} calls one by one, fakes ${fake('pdok', 'PDOK')} / ${fake('bag', 'BAG')} / ${fake('epOnline', 'EP-Online')} / ${fake('woz', 'WOZ')} / ${fake('plans', 'plans')} ms: median ${median.toFixed(1)} ms, p99 ${percentile(cold, 99).toFixed(1)} ms`,
      `  median / (PDOK + slowest source, ${LATENCY_MS.pdok + slowestSource} ms) = ${ratio.toFixed(2)} (target ≤ ${TARGET_RATIO})${ratio > TARGET_RATIO && floorRatio > TARGET_RATIO ? `  <-- over, and out of reach: the floor alone is ${floorRatio.toFixed(2)}×` : over(ratio)}`,
      `  median / floor (PDOK ${LATENCY_MS.pdok}, then ${longest} ${LATENCY_MS[longest]} x${CALLS_IN_SERIES[longest]} in series${SERIES_WHY[longest] ? `: ${SERIES_WHY[longest]}` : ''}; ${floor} ms) = ${overFloor.toFixed(2)} (≤ ${TARGET_RATIO})${over(overFloor)}; all calls in series would be ${sum} ms (median / sum = ${(median / sum).toFixed(2)})`,
      `${cached.label.padEnd(46)}${String(Math.round(cached.reqPerSec)).padStart(8)} req/s   p50 ${cached.p50} ms   p99 ${cached.p99} ms   err/non2xx ${cached.errors}/${cached.non2xx}${cached.errors || cached.non2xx ? '  <-- !!' : ''}`,
    ];
  } finally {
    await app.stop();
    await fakes.close();
  }
}
