// The company-register rows of `npm run bench`, measured on the domain rows' standalone app:
// cold company profiles with vies=true (KVK fake 80 ms, then VIES 200 ms through the VAT
// service), and the cached profile through the distributed gateway and the kvk service on NATS.
import { kvkRecording } from '@nl/domain-kvk';
import { FakeUpstream, type ViesFake } from '@nl/testing';
import { readFileSync } from 'node:fs';
import {
  HOST,
  VIES_LATENCY_MS,
  coldNumbers,
  load,
  percentile,
  type LoadRow,
} from './domain-load.js';
import { unreachableServers } from './servers.js';
import { startDistributed } from './targets.js';

const KVK_LATENCY_MS = 80;
const KVK_COLD_CALLS = 10;

/**
 * The KVK fake of the bench: the recorded test environment, and for the cold rows any other
 * 8-digit number answered with the recorded owners' association's profile under that number
 * (bench data only, never served by the product).
 */
export async function kvkFake(): Promise<FakeUpstream> {
  const recorded = JSON.parse(
    readFileSync(
      new URL(
        '../../libs/domains/kvk/src/upstream/kvk/recorded/basisprofielen_v1_90000749_200.json',
        import.meta.url,
      ),
      'utf8',
    ),
  ) as { body: Record<string, unknown> };
  return FakeUpstream.serving(kvkRecording(), [
    {
      method: 'GET',
      path: '/v1/basisprofielen/:n',
      handle: (r) => ({ body: { ...recorded.body, kvkNummer: r.params['n'] } }),
    },
  ]);
}

/** The cached company profile through the distributed gateway and the kvk service on NATS. */
export async function distributedKvkRow(kvkUrl: string): Promise<LoadRow> {
  const label = 'cached GET /v1/kvk/{n}, distributed';
  const skip = await unreachableServers();
  if (skip)
    return {
      label: `${label}: skipped, ${skip}`,
      reqPerSec: 0,
      p50: 0,
      p99: 0,
      non2xx: 0,
      errors: 0,
    };
  const port = 3411;
  const running = await startDistributed(
    {
      name: 'kvk',
      script: 'apps/kvk/src/main.js',
      env: { KVK_URL: kvkUrl, KVK_API_KEY: 'bench-kvk-key' },
    },
    port,
    true,
    `bench-${process.pid}-kvk`,
  );
  try {
    return await load(label, `http://${HOST}:${port}/v1/kvk/69599084`, {
      method: 'GET',
      headers: running.headers ?? {},
    });
  } finally {
    await running.stop();
  }
}

/**
 * Cold profiles with vies=true, one at a time: each a company number and a VAT number nobody
 * asked for yet (the first `skip` cold VAT numbers belong to the VAT rows). The line to print.
 */
export async function coldKvkLine(
  base: string,
  auth: Record<string, string>,
  kvk: FakeUpstream,
  vies: ViesFake,
  skip: number,
  progress: (m: string) => void,
): Promise<string> {
  progress(
    `(v) cold company profiles with vies=true, KVK fake ${KVK_LATENCY_MS} ms, VIES fake ${VIES_LATENCY_MS} ms`,
  );
  kvk.slow(KVK_LATENCY_MS);
  vies.upstream.slow(VIES_LATENCY_MS);
  const times: number[] = [];
  const vats = coldNumbers(skip + KVK_COLD_CALLS).slice(skip);
  for (const [i, vat] of vats.entries()) {
    const number = String(80_000_000 + i);
    const started = performance.now();
    const res = await fetch(`${base}/v1/kvk/${number}?vies=true&vat=${vat}`, { headers: auth });
    const body = (await res.json()) as { vat?: { status?: string; validatedAt?: string } };
    if (res.status !== 200 || res.headers.get('x-cache') !== 'MISS' || !body.vat?.validatedAt)
      throw new Error(`cold kvk ${number}: ${res.status} ${JSON.stringify(body.vat)}`);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const median = percentile(times, 50);
  const upstreams = KVK_LATENCY_MS + VIES_LATENCY_MS;
  return `cold GET /v1/kvk/{n}?vies=true (KVK ${KVK_LATENCY_MS} ms, then VIES ${VIES_LATENCY_MS} ms via the VAT service), ${times.length} calls: median ${median.toFixed(1)} ms, max ${times[times.length - 1].toFixed(1)} ms; median / ${upstreams} ms = ${(median / upstreams).toFixed(2)}`;
}
