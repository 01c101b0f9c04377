// The domain rows of `npm run bench`, through the standalone gateway with auth, limits and
// credits on: cached VAT and DNS, cold VAT checks against a VIES fake answering after 200 ms,
// cached vehicle lookups, and cold full vehicle lookups against an RDW fake answering each of
// the four datasets after 50 ms (parallel means about one round, not four); cached company
// profiles and the company rows of kvk.ts. The fakes run in this process; the app in its own.
import { rdwRecording, recordedRows } from '@nl/domain-rdw';
import { ViesRecording } from '@nl/domain-validation';
import { FakeDns, RdwFake, ViesFake, datasetPath } from '@nl/testing';
import {
  VIES_LATENCY_MS,
  coldNumbers,
  formatLoadRow,
  load,
  percentile,
  startDomainsApp,
  type LoadRow,
} from './domain-load.js';
import { LOAD } from './measure.js';
import { coldKvkLine, distributedKvkRow, kvkFake } from './kvk.js';

const PORT = 3407;
const COLD_CALLS = 40;
const RDW_LATENCY_MS = 50;

/** Runs the rows and returns the lines to print (or why it could not). */
export async function runDomainBench(progress: (m: string) => void): Promise<string[]> {
  const vies = await ViesFake.start(new ViesRecording());
  const dns = await FakeDns.start({
    'example.nl': {
      A: ['192.0.2.10'],
      AAAA: ['2001:db8::10'],
      MX: [{ preference: 10, exchange: 'mx1.example.nl' }],
      NS: ['ns1.example.nl'],
      TXT: [['v=spf1 mx -all']],
    },
  });
  const rdw = await RdwFake.start({ recording: rdwRecording, rows: recordedRows });
  const kvk = await kvkFake();
  const app = await startDomainsApp('standalone-domains', PORT, {
    VIES_URL: vies.url,
    DNS_SERVERS: dns.server,
    RDW_URL: rdw.url,
    KVK_URL: kvk.url,
    KVK_API_KEY: 'bench-kvk-key',
  });
  try {
    const { base, key } = app;
    const auth = { 'x-api-key': key, 'content-type': 'application/json' };

    progress(
      `(v) cached VAT, DNS and vehicles through the standalone gateway, ${LOAD.durationSeconds} s each`,
    );
    const rows: LoadRow[] = [
      await load('cached POST /v1/validate/vat', `${base}/v1/validate/vat`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ vat_number: 'NL004495445B01' }),
      }),
      await load(
        'cached GET /v1/lookup/dns/records (ALL)',
        `${base}/v1/lookup/dns/records?domain=example.nl`,
        {
          method: 'GET',
          headers: auth,
        },
      ),
    ];

    rows.push(
      await load(
        'cached GET /v1/rdw/vehicle-lite',
        `${base}/v1/rdw/vehicle-lite?license_plate=TT601D`,
        {
          method: 'GET',
          headers: auth,
        },
      ),
      await load(
        'cached GET /v1/rdw/vehicle (full)',
        `${base}/v1/rdw/vehicle?license_plate=TT601D`,
        {
          method: 'GET',
          headers: auth,
        },
      ),
      await load('cached GET /v1/kvk/{companyNumber}', `${base}/v1/kvk/69599084`, {
        method: 'GET',
        headers: auth,
      }),
    );
    progress(
      `(v) ${COLD_CALLS} cold VAT checks, one at a time, VIES fake answering after ${VIES_LATENCY_MS} ms`,
    );
    vies.upstream.slow(VIES_LATENCY_MS);
    const times: number[] = [];
    for (const vat of coldNumbers(COLD_CALLS)) {
      const started = performance.now();
      const res = await fetch(`${base}/v1/validate/vat`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ vat_number: vat }),
      });
      await res.arrayBuffer();
      if (res.status !== 200 || res.headers.get('x-cache') !== 'MISS')
        throw new Error(`cold VAT ${vat}: ${res.status} ${res.headers.get('x-cache')}`);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const p50 = percentile(times, 50);
    const p99 = percentile(times, 99);

    progress(
      `(v) cold full vehicle lookups, RDW fake answering each dataset after ${RDW_LATENCY_MS} ms`,
    );
    rdw.upstream.slow(RDW_LATENCY_MS);
    rdw.upstream.clearCalls();
    const rdwTimes: number[] = [];
    // Plates not looked up in full yet (TT601D is, by the cached rows above).
    for (const plate of ['F794KP', 'R759BK', 'XXX99X']) {
      const started = performance.now();
      const res = await fetch(`${base}/v1/rdw/vehicle?license_plate=${plate}`, { headers: auth });
      await res.arrayBuffer();
      if (res.status !== 200 || res.headers.get('x-cache') === 'HIT')
        throw new Error(`cold vehicle ${plate}: ${res.status} ${res.headers.get('x-cache')}`);
      rdwTimes.push(performance.now() - started);
    }
    const datasetsCalled = ['m9d7-ebf2', '8ys7-d773', 'vezc-m2t6', '3huj-srit'].map(
      (d) => rdw.upstream.callsTo(datasetPath(d)).length,
    );
    rdwTimes.sort((a, b) => a - b);
    const rdwMedian = percentile(rdwTimes, 50);
    const kvkLine = await coldKvkLine(base, auth, kvk, vies, COLD_CALLS, progress);
    rows.push(await distributedKvkRow(kvk.url));
    const table = rows.map(formatLoadRow);
    return [
      `Domains through the standalone gateway (auth + limits + credits on), ${LOAD.connections} connections:`,
      ...table,
      `cold GET /v1/rdw/vehicle (4 datasets, ${RDW_LATENCY_MS} ms each), ${rdwTimes.length} plates: median ${rdwMedian.toFixed(1)} ms, max ${rdwTimes[rdwTimes.length - 1].toFixed(1)} ms; cold / ${RDW_LATENCY_MS} ms = ${(rdwMedian / RDW_LATENCY_MS).toFixed(2)} (4 in a row would be ≥ 4.00); calls per dataset ${datasetsCalled.join('/')}`,
      `cold POST /v1/validate/vat, VIES fake ${VIES_LATENCY_MS} ms, ${COLD_CALLS} calls one by one: p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms; p50 / upstream latency = ${(p50 / VIES_LATENCY_MS).toFixed(2)} (our overhead ${(p50 - VIES_LATENCY_MS).toFixed(1)} ms)`,
      kvkLine,
    ];
  } finally {
    await app.stop();
    await vies.close();
    await dns.close();
    await rdw.close();
    await kvk.close();
  }
}
