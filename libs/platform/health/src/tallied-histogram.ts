import { register, type LabelValues } from 'prom-client';
import { LabelTree } from './label-tree.js';

interface Tally {
  readonly labels: Record<string, string>;
  /** Observations per bucket (not cumulative), in the order of the upper bounds. */
  readonly counts: number[];
  sum: number;
  count: number;
}

export interface TalliedHistogramConfig<T extends string> {
  readonly name: string;
  readonly help: string;
  readonly labelNames: readonly T[];
  readonly buckets: readonly number[];
}

/** One line of a metric as prom-client's registry reads it. */
interface Line {
  labels: Record<string, string | number>;
  sharedLabels?: Record<string, string>;
  value: number;
  metricName: string;
  exemplar?: null;
}

/**
 * A histogram for a hot path (one observation per request) that prom-client's registry reads
 * like its own `Histogram`: the same buckets, sums, counts and lines in the same order, but an
 * observation is a map lookup and two additions instead of prom-client's label validation,
 * hashing and a closure per call. No exemplars, no default labels; only `observe(labels, v)`.
 */
export class TalliedHistogram<T extends string> {
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  readonly name: string;
  readonly help: string;
  private readonly bounds: readonly number[];
  private readonly tallies: LabelTree<Tally>;

  constructor(config: TalliedHistogramConfig<T>) {
    this.name = config.name;
    this.help = config.help;
    this.tallies = new LabelTree(config.labelNames);
    this.bounds = [...config.buckets].sort((a, b) => a - b);
    register.registerMetric(this as never);
  }

  private readonly create = (labels: LabelValues<T>): Tally => ({
    labels: Object.fromEntries(Object.entries(labels).map(([k, v]) => [k, String(v)])),
    counts: this.bounds.map(() => 0),
    sum: 0,
    count: 0,
  });

  observe(labels: LabelValues<T>, value: number): void {
    if (!Number.isFinite(value)) throw new TypeError(`Value is not a valid number: ${value}`);
    const tally = this.tallies.get(labels, this.create);
    // The first bucket whose upper bound holds the value; past the last only `+Inf` counts it.
    for (let i = 0; i < this.bounds.length; i++) {
      if (value <= this.bounds[i]) {
        tally.counts[i]++;
        break;
      }
    }
    tally.sum += value;
    tally.count++;
  }

  /** What the registry writes in the text format: the label set shared, `le` per bucket. */
  getForPromString() {
    const bucket = `${this.name}_bucket`;
    const values: Line[] = [];
    for (const { labels, counts, sum, count } of this.tallies.values()) {
      let cumulative = 0;
      this.bounds.forEach((le, i) => {
        cumulative += counts[i];
        values.push({
          labels: { le },
          sharedLabels: labels,
          value: cumulative,
          metricName: bucket,
          exemplar: null,
        });
      });
      values.push(
        {
          labels: { le: '+Inf' },
          sharedLabels: labels,
          value: count,
          metricName: bucket,
          exemplar: null,
        },
        { labels: {}, sharedLabels: labels, value: sum, metricName: `${this.name}_sum` },
        { labels: {}, sharedLabels: labels, value: count, metricName: `${this.name}_count` },
      );
    }
    const { name, help, type, aggregator } = this;
    return Promise.resolve({ name, help, type, values, aggregator });
  }

  /** What `getMetricsAsJSON` gives: the shared labels merged into each line's own. */
  async get() {
    const data = await this.getForPromString();
    const values = data.values.map(({ sharedLabels, labels, ...line }) => ({
      ...line,
      labels: Object.assign(labels, sharedLabels),
    }));
    return { ...data, values };
  }

  reset(): void {
    this.tallies.clear();
  }
}

/** The histogram of that name, made once per process (a module loaded twice shares it). */
export function talliedHistogram<T extends string>(
  config: TalliedHistogramConfig<T>,
): TalliedHistogram<T> {
  const existing = register.getSingleMetric(config.name) as unknown;
  return existing instanceof TalliedHistogram
    ? (existing as TalliedHistogram<T>)
    : new TalliedHistogram(config);
}
