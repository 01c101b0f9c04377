import {
  Counter,
  Histogram,
  collectDefaultMetrics,
  register,
  type CounterConfiguration,
  type HistogramConfiguration,
} from 'prom-client';

let defaultsCollected = false;

/** Process metrics once per process, however many apps a test starts. */
export function collectProcessMetrics(): void {
  if (defaultsCollected) return;
  defaultsCollected = true;
  collectDefaultMetrics();
}

export function counter<T extends string>(config: CounterConfiguration<T>): Counter<T> {
  return (register.getSingleMetric(config.name) as Counter<T> | undefined) ?? new Counter(config);
}

export function histogram<T extends string>(config: HistogramConfiguration<T>): Histogram<T> {
  return (
    (register.getSingleMetric(config.name) as Histogram<T> | undefined) ?? new Histogram(config)
  );
}

export const metricsRegistry = register;
