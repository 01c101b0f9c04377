// The property rows of `npm run bench`: cached address-suggest through the standalone gateway
// (auth, limits and credits on); the service-side time of a cached suggest; and cold suggests
// against a PDOK fake answering after 30 ms, as a ratio to that latency. The fake runs in this
// process, the app in its own.
import { AddressSuggestQuery } from '@nl/contracts-property';
import {
  AddressService,
  BAG_UPSTREAM,
  BagClient,
  PDOK_UPSTREAM,
  PdokClient,
  pdokRecording,
} from '@nl/domain-property';
import { DomainCache, createMemoryStore } from '@nl/platform-cache';
import { LIVE } from '@nl/platform-context';
import { validateInput } from '@nl/platform-errors';
import { Upstream } from '@nl/platform-upstream';
import { FakeUpstream, silentLogger } from '@nl/testing';
import { load, percentile, startDomainsApp } from './domain-load.js';
import { LOAD } from './measure.js';

const PORT = 3408;
const PDOK_LATENCY_MS = 30;
const COLD_CALLS = 30;
const SERVICE_CALLS = 20_000;
/** The target for the service-side p99 of a cached suggest. */
const SERVICE_P99_TARGET_MS = 5;
const SUGGEST = '/v1/kadaster/bag/address-suggest?q=Westeringlaan%2018';

/**
 * The service's own part of a cached suggest, timed in this process, call by call: the payload
 * copied through JSON (as the bus does), the DTO validated and normalised (as the handler's
 * pipe does), the service answering from its memory cache, and the reply encoded. Only the hop
 * over the bus itself (in-process or NATS) is not in it; the gateway row above has everything.
 */
async function serviceSideTimes(pdokUrl: string): Promise<number[]> {
  const settings = {
    pdok: { url: pdokUrl },
    bag: { url: null, apiKey: null },
    woz: { url: null },
    epOnline: { url: null, apiKey: null },
    plans: { url: null, apiKey: null },
  };
  const sut = new AddressService(
    new PdokClient(Upstream.from(PDOK_UPSTREAM, settings)),
    new BagClient(Upstream.from(BAG_UPSTREAM, settings)),
    new DomainCache('property', createMemoryStore('property', 1_000), silentLogger()),
  );
  const call = async () => {
    const input = JSON.parse(JSON.stringify({ q: 'Westeringlaan 18', limit: '10' })) as object;
    const query = validateInput(AddressSuggestQuery, input);
    return JSON.stringify(await sut.suggest(query.q, query.limit, LIVE));
  };
  await call(); // the miss that fills the cache
  for (let i = 0; i < 2_000; i++) await call(); // JIT warm-up
  const times: number[] = [];
  for (let i = 0; i < SERVICE_CALLS; i++) {
    const started = performance.now();
    await call();
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}

/** Runs the rows and returns the lines to print. */
export async function runPropertyBench(progress: (m: string) => void): Promise<string[]> {
  const pdok = await FakeUpstream.serving(pdokRecording());
  const app = await startDomainsApp('standalone-property', PORT, {
    PDOK_URL: pdok.url,
    BAG_URL: 'off',
    WOZ_URL: 'off',
  }).catch(async (error: unknown) => {
    await pdok.close();
    throw error;
  });
  try {
    const { base, key } = app;
    const auth = { 'x-api-key': key };

    progress(
      `(p) cached address-suggest through the standalone gateway, ${LOAD.durationSeconds} s`,
    );
    const cached = await load('cached GET /v1/kadaster/bag/address-suggest', `${base}${SUGGEST}`, {
      method: 'GET',
      headers: auth,
    });

    progress(`(p) ${SERVICE_CALLS} cached suggests, service side, one at a time`);
    const service = await serviceSideTimes(pdok.url);

    progress(`(p) ${COLD_CALLS} cold suggests, PDOK fake answering after ${PDOK_LATENCY_MS} ms`);
    pdok.slow(PDOK_LATENCY_MS);
    const cold: number[] = [];
    for (let i = 0; i < COLD_CALLS; i++) {
      // A text of its own each time: a miss, which the recording still answers with 10 docs.
      const q = encodeURIComponent(`westeringlaan cold ${i}`);
      const started = performance.now();
      const res = await fetch(`${base}/v1/kadaster/bag/address-suggest?q=${q}`, { headers: auth });
      await res.arrayBuffer();
      if (res.status !== 200 || res.headers.get('x-cache') !== 'MISS')
        throw new Error(`cold suggest ${i}: ${res.status} ${res.headers.get('x-cache')}`);
      cold.push(performance.now() - started);
    }
    cold.sort((a, b) => a - b);
    const coldMedian = percentile(cold, 50);
    const serviceP99 = percentile(service, 99);
    return [
      `Property through the standalone gateway (auth + limits + credits on), ${LOAD.connections} connections:`,
      `${cached.label.padEnd(46)}${String(Math.round(cached.reqPerSec)).padStart(8)} req/s   p50 ${cached.p50} ms   p99 ${cached.p99} ms   err/non2xx ${cached.errors}/${cached.non2xx}${cached.errors || cached.non2xx ? '  <-- !!' : ''}`,
      `cached suggest, service side (JSON in, DTO validation, cache hit, JSON out; no bus hop), ${SERVICE_CALLS} calls: p50 ${percentile(service, 50).toFixed(3)} ms, p99 ${serviceP99.toFixed(3)} ms (target ≤ ${SERVICE_P99_TARGET_MS} ms)${serviceP99 > SERVICE_P99_TARGET_MS ? '  <-- !!' : ''}`,
      `cold GET /v1/kadaster/bag/address-suggest, PDOK fake ${PDOK_LATENCY_MS} ms, ${COLD_CALLS} calls one by one: median ${coldMedian.toFixed(1)} ms, p99 ${percentile(cold, 99).toFixed(1)} ms; median / upstream latency = ${(coldMedian / PDOK_LATENCY_MS).toFixed(2)} (our overhead ${(coldMedian - PDOK_LATENCY_MS).toFixed(1)} ms)`,
    ];
  } finally {
    await app.stop();
    await pdok.close();
  }
}
