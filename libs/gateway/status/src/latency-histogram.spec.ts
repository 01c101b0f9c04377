import { LatencyHistogram, bucketOf, valueOf } from './latency-histogram.js';

/** Nearest rank, the rule the histogram follows. */
const exact = (sorted: number[], q: number) =>
  sorted[Math.max(1, Math.ceil(q * sorted.length)) - 1];

describe('LatencyHistogram', () => {
  it('should read back any latency within 1.1 % from its bucket', () => {
    for (const ms of [0.06, 0.3, 1, 4.7, 12, 99.9, 100, 250, 1_234, 14_999]) {
      const back = valueOf(bucketOf(ms));
      expect(Math.abs(back - ms) / ms).toBeLessThan(0.011);
    }
    // Below the floor, one bucket.
    expect(bucketOf(0)).toBe(bucketOf(0.01));
  });

  it('should give nearest-rank percentiles within 1.1 % of the exact ones', () => {
    const values = Array.from({ length: 1_000 }, (_, i) => 20 + ((i * 7919) % 1_000) * 0.37);
    const histogram = new LatencyHistogram();
    for (const v of values) histogram.record(v);
    const sorted = [...values].sort((a, b) => a - b);
    for (const q of [0.5, 0.95, 0.99]) {
      const got = histogram.percentile(q) as number;
      expect(Math.abs(got - exact(sorted, q)) / exact(sorted, q)).toBeLessThan(0.011);
    }
    expect(histogram.count).toBe(1_000);
  });

  it('should merge by adding counts: the merged percentile is that of all the latencies', () => {
    const fast = new LatencyHistogram();
    const slow = new LatencyHistogram();
    for (let i = 0; i < 90; i++) fast.record(10);
    for (let i = 0; i < 10; i++) slow.record(1_000);
    const merged = LatencyHistogram.of(fast.toJSON()).add(LatencyHistogram.of(slow.toJSON()));
    expect(merged.count).toBe(100);
    expect(Math.abs((merged.percentile(0.9) as number) - 10)).toBeLessThan(0.2);
    expect(merged.percentile(0.91)).toBeGreaterThan(980);
    // An average of the two p95s would say 505 ms; the merged histogram says what happened.
    expect(merged.percentile(0.95)).toBeGreaterThan(980);
  });

  it('should be empty without latencies, and ignore what is not a count', () => {
    expect(new LatencyHistogram().percentile(0.5)).toBeNull();
    const odd = LatencyHistogram.of({ x: 3, '5': -1, '7': 2 } as Record<string, number>);
    expect(odd.count).toBe(2);
  });
});
