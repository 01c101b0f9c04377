import { Histogram, Registry, register } from 'prom-client';
import { TalliedHistogram } from './tallied-histogram.js';

const BUCKETS = [0.001, 0.005, 0.01, 0.1, 1];

/** The observations of a day: within, on and past the bounds, per endpoint. */
const OBSERVATIONS: [string, number][] = [
  ['a', 0.0004],
  ['b', 0.005],
  ['a', 0.0071],
  ['a', 2.5],
  ['b', 0.1],
  ['a', 0.001],
  ['c', 0.3],
  ['a', 0.0004],
];

describe(TalliedHistogram.name, () => {
  afterEach(() => register.clear());

  function both() {
    const config = { name: 'spec_seconds', help: 'h', labelNames: ['endpoint'] as const };
    const sut = new TalliedHistogram({ ...config, buckets: BUCKETS });
    const reference = new Registry();
    const plain = new Histogram({ ...config, buckets: BUCKETS, registers: [reference] });
    for (const [endpoint, seconds] of OBSERVATIONS) {
      sut.observe({ endpoint }, seconds);
      plain.observe({ endpoint }, seconds);
    }
    return { sut, reference };
  }

  it('should write exactly the lines of a prom-client histogram', async () => {
    const { reference } = both();
    expect(await register.metrics()).toBe(await reference.metrics());
    expect(await register.metrics()).toContain('spec_seconds_bucket{le="0.001",endpoint="a"} 3');
  });

  it('should give exactly the JSON of a prom-client histogram', async () => {
    const { reference } = both();
    expect(await register.getMetricsAsJSON()).toEqual(await reference.getMetricsAsJSON());
  });

  it('should start over on reset', async () => {
    const { sut } = both();
    register.resetMetrics();
    expect(await register.metrics()).not.toContain('spec_seconds_bucket');
    sut.observe({ endpoint: 'a' }, 0.002);
    expect(await register.metrics()).toContain('spec_seconds_count{endpoint="a"} 1');
  });

  it('should refuse a value that is not a finite number, as prom-client does', () => {
    const { sut } = both();
    expect(() => sut.observe({ endpoint: 'a' }, NaN)).toThrow(TypeError);
  });
});
