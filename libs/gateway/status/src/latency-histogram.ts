/**
 * Buckets per doubling of the latency: each bucket is 2^(1/32) ≈ 2.2 % wider than the one below,
 * so a percentile read back (the bucket's geometric middle) is within about 1.1 % of the true
 * latency at any scale, from a 0.1 ms cache hit to a 15 s timeout, in some 550 possible buckets
 * of which a real endpoint fills a few dozen.
 */
const PER_DOUBLING = 32;
/** Latencies below this (ms) share the lowest bucket. */
const FLOOR_MS = 0.05;
const FLOOR_INDEX = Math.ceil(Math.log2(FLOOR_MS) * PER_DOUBLING);

/** The bucket of a latency in milliseconds: the smallest `i` with ms ≤ 2^(i/32). */
export function bucketOf(ms: number): number {
  if (!(ms > FLOOR_MS)) return FLOOR_INDEX;
  return Math.ceil(Math.log2(ms) * PER_DOUBLING);
}

/** A bucket's value as read back: the geometric middle of its bounds, in milliseconds. */
export function valueOf(bucket: number): number {
  return 2 ** ((bucket - 0.5) / PER_DOUBLING);
}

/** Bucket counts as stored: `{"<bucket>": count}`, only the buckets that were hit. */
export type HistogramCounts = Readonly<Record<string, number>>;

/**
 * A latency histogram whose buckets are fixed for every process, so histograms of different
 * replicas and periods merge by adding counts bucket by bucket: a percentile of the merged
 * histogram is the percentile of all the requests, which an average of percentiles is not.
 */
export class LatencyHistogram {
  private readonly counts = new Map<number, number>();
  private total = 0;

  static of(counts: HistogramCounts | null | undefined): LatencyHistogram {
    const histogram = new LatencyHistogram();
    histogram.add(counts);
    return histogram;
  }

  get count(): number {
    return this.total;
  }

  record(ms: number): void {
    const bucket = bucketOf(ms);
    this.counts.set(bucket, (this.counts.get(bucket) ?? 0) + 1);
    this.total++;
  }

  /** Adds stored counts, or another histogram's. */
  add(counts: HistogramCounts | LatencyHistogram | null | undefined): this {
    if (!counts) return this;
    const entries =
      counts instanceof LatencyHistogram ? counts.counts.entries() : Object.entries(counts);
    for (const [bucket, count] of entries) {
      const key = Number(bucket);
      if (!Number.isInteger(key) || !(count > 0)) continue;
      this.counts.set(key, (this.counts.get(key) ?? 0) + count);
      this.total += count;
    }
    return this;
  }

  /**
   * The latency at quantile `q` (0 < q ≤ 1) by nearest rank: the value of the bucket holding
   * the ⌈q·n⌉-th smallest latency, rounded to 0.01 ms; null when empty.
   */
  percentile(q: number): number | null {
    if (this.total === 0) return null;
    const rank = Math.max(1, Math.ceil(q * this.total));
    let seen = 0;
    for (const bucket of [...this.counts.keys()].sort((a, b) => a - b)) {
      seen += this.counts.get(bucket) ?? 0;
      if (seen >= rank) return Math.round(valueOf(bucket) * 100) / 100;
    }
    return null;
  }

  toJSON(): HistogramCounts {
    return Object.fromEntries(this.counts);
  }
}
