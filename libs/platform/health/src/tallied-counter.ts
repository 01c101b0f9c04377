import { Counter, register, type CounterConfiguration, type LabelValues } from 'prom-client';
import { LabelTree } from './label-tree.js';

interface Tally<T extends string> {
  readonly labels: LabelValues<T>;
  count: number;
}

/** The tallies of a counter made here, kept on it so a second `talliedCounter` call shares them. */
const TALLIES = Symbol('tallies');

type TalliedCounter<T extends string> = Counter<T> & { [TALLIES]?: LabelTree<Tally<T>> };

/**
 * A counter for a hot path (one increment per request): increments are summed per label set in
 * a map and handed to prom-client when the metrics are read (its `collect` hook), so a scrape
 * shows exactly what `Counter.inc` per call would have, without prom-client validating and
 * hashing the labels on every call. Label values are the same few strings over and over
 * (endpoint ids, statuses, cache states), so the map stays small.
 */
export function talliedCounter<T extends string>(
  config: CounterConfiguration<T> & { readonly labelNames: readonly T[] },
): { inc(labels: LabelValues<T>, by?: number): void } {
  const existing = register.getSingleMetric(config.name) as TalliedCounter<T> | undefined;
  const tallies = existing?.[TALLIES] ?? new LabelTree<Tally<T>>(config.labelNames);
  if (!existing) {
    const counter: TalliedCounter<T> = new Counter<T>({
      ...config,
      collect() {
        for (const tally of tallies.values()) {
          if (!tally.count) continue;
          this.inc(tally.labels, tally.count);
          tally.count = 0;
        }
      },
    });
    counter[TALLIES] = tallies;
  }
  const create = (labels: LabelValues<T>): Tally<T> => ({ labels: { ...labels }, count: 0 });
  return {
    inc(labels, by = 1) {
      tallies.get(labels, create).count += by;
    },
  };
}
