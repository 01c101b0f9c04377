import { GATEWAY_MIGRATIONS } from '@nl/gateway-persistence';
import { openDatabase } from '@nl/platform-database';
import { testConfig } from '@nl/testing';
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { LatencyHistogram } from './latency-histogram.js';
import type { SampleRow } from './status-samples.js';
import { StatusStore } from './status-store.js';

const FINE = 300;
const COARSE = 3600;
/** An hour that has ended, its start a multiple of an hour. */
const HOUR = Math.floor(Date.now() / 1000 / 3600) * 3600 - 2 * 3600;

function row(bucketStart: number, latencies: number[], failures = 0): SampleRow {
  const histogram = new LatencyHistogram();
  for (const ms of latencies) histogram.record(ms);
  return {
    kind: 'endpoint',
    name: 'validation.vat.check',
    series: 'cold',
    bucketStart,
    requests: latencies.length,
    failures,
    refused: 0,
    histogram: histogram.toJSON(),
    lastError: null,
    lastErrorAt: null,
  };
}

describe.each(['standalone', 'distributed'] as const)('the status tables (%s)', (profile) => {
  let db: DataSource;
  let store: StatusStore;
  beforeAll(async () => {
    db = await openDatabase(testConfig('gateway-status-test', profile).database, [
      { entities: [], migrations: GATEWAY_MIGRATIONS },
    ]);
  });
  // Each test a deployment of its own: the database may be shared with other runs.
  beforeEach(() => (store = new StatusStore(db, `test-${randomUUID().slice(0, 8)}`)));
  afterAll(() => db?.destroy());

  it('should merge the replicas of a bucket, and replace a replica’s row as it grows', async () => {
    await store.write('a', FINE, [row(HOUR, [10, 10, 10])]);
    await store.write('a', FINE, [row(HOUR, [10, 10, 10, 10])]);
    await store.write('b', FINE, [row(HOUR, [1_000], 1)]);
    const [figures] = await store.figures(FINE, { from: HOUR, until: HOUR + COARSE });
    expect({ requests: figures.requests, failures: figures.failures }).toEqual({
      requests: 5,
      failures: 1,
    });
    expect(figures.histogram.percentile(0.8)).toBeLessThan(11);
    expect(figures.histogram.percentile(0.81)).toBeGreaterThan(980);
  });

  it('should roll a finished hour up once, and count each answer once over the span', async () => {
    await store.write('a', FINE, [row(HOUR, [10, 20]), row(HOUR + FINE, [30])]);
    await store.write('b', FINE, [row(HOUR + 2 * FINE, [40])]);
    // The current hour is not finished: only the one before it is rolled up.
    await store.write('a', FINE, [row(HOUR + COARSE, [50])]);
    const now = HOUR + COARSE + 60;
    expect(await store.rollUp(FINE, COARSE, now)).toBe(1);
    expect(await store.rollUp(FINE, COARSE, now)).toBe(0);
    const until = await store.rolledUpUntil(COARSE);
    expect(until).toBe(HOUR + COARSE);
    const [span] = await store.spanFigures(FINE, COARSE, {
      fineFrom: until as number,
      coarseFrom: HOUR - COARSE,
    });
    expect(span.requests).toBe(5);
    expect(span.histogram.percentile(1)).toBeGreaterThan(49);
    const [coarse] = await store.figures(COARSE, { from: HOUR, until: HOUR + COARSE });
    expect(coarse.requests).toBe(4);
  });

  it('should keep deployments apart, and prune fine rows past 48 hours', async () => {
    const old = HOUR - 50 * 3600;
    await store.write('a', FINE, [row(old, [10]), row(HOUR, [10])]);
    const other = new StatusStore(db, `test-${randomUUID().slice(0, 8)}`);
    expect(await other.figures(FINE, { from: old })).toEqual([]);
    await store.rollUp(FINE, COARSE, HOUR + COARSE);
    const fine = await store.figures(FINE, { from: old });
    expect(fine.map((f) => f.requests)).toEqual([1]);
    // What was pruned was rolled up first: the coarse rows still count it.
    const coarse = await store.figures(COARSE, { from: old });
    expect(coarse.map((f) => f.requests)).toEqual([2]);
  });

  it('should keep what the services said of their breakers and datasets', async () => {
    await store.saveSources({ vies: 'open' }, [
      { name: 'sbi2025', version: 'abc', updatedAt: '2026-01-01T00:00:00.000Z' },
    ]);
    await store.saveSources({ vies: 'closed' }, []);
    const sources = await store.sources();
    expect(sources.map((s) => [s.kind, s.name, s.detail])).toEqual([
      ['circuit', 'vies', { circuit: 'closed' }],
      [
        'dataset',
        'sbi2025',
        { name: 'sbi2025', version: 'abc', updatedAt: '2026-01-01T00:00:00.000Z' },
      ],
    ]);
  });
});
