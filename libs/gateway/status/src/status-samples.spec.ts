import { StatusSamples, countsAsAnswer } from './status-samples.js';

describe('StatusSamples', () => {
  it('should count answers, not refusals: 2xx, 404 and 5xx', () => {
    expect([200, 204, 304, 404, 500, 503, 504].every(countsAsAnswer)).toBe(true);
    expect([400, 401, 402, 403, 413, 429, 499].some(countsAsAnswer)).toBe(false);
  });

  it('should keep cached and cold apart, count 5xx as failures, and upstream errors by class', () => {
    const samples = new StatusSamples(300);
    samples.endpointAnswer('a', 200, true, 1);
    samples.endpointAnswer('a', 503, false, 20);
    samples.endpointAnswer('a', 429, false, 1);
    samples.upstreamCalls([
      { upstream: 'vies', ms: 200 },
      { upstream: 'vies', ms: 5_000, error: 'timeout' },
      { upstream: 'vies', ms: 0.1, error: 'circuit_open' },
    ]);
    const rows = samples.rows();
    const row = (series: string) => rows.find((r) => r.series === series);
    expect(row('cached')).toMatchObject({ name: 'a', requests: 1, failures: 0 });
    expect(row('cold')).toMatchObject({ name: 'a', requests: 1, failures: 1 });
    expect(row('all')).toMatchObject({
      kind: 'upstream',
      name: 'vies',
      requests: 3,
      failures: 2,
      refused: 1,
      lastError: 'circuit_open',
    });
  });

  it('should forget a bucket once it has ended and been written, and keep the current one', () => {
    const samples = new StatusSamples(300);
    samples.endpointAnswer('a', 200, false, 5);
    const rows = samples.rows();
    samples.written(rows, Date.now());
    expect(samples.size).toBe(1);
    samples.written(rows, Date.now() + 301_000);
    expect(samples.size).toBe(0);
  });
});
