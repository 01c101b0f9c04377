import { Gauge, register, type LabelValues } from 'prom-client';

/** The sources of a gauge made here, kept on it so a second `sampledGauge` call shares them. */
const SOURCES = Symbol('sources');
type SampledGauge<T extends string> = Gauge<T> & {
  [SOURCES]?: Map<string, { ref: WeakRef<object>; read: () => Sample<T> | null }>;
};

export interface Sample<T extends string> {
  readonly labels: LabelValues<T>;
  readonly value: number;
}

/**
 * A gauge read from live objects when the metrics are scraped (a circuit breaker's state, a
 * dataset's age), so nothing runs on a request's path. `track(key, source, read)` adds an
 * object; a later one under the same key replaces it (a test starts the same upstream in
 * several apps), and one that was garbage-collected drops out (weakly held).
 */
export function sampledGauge<T extends string>(config: {
  readonly name: string;
  readonly help: string;
  readonly labelNames: readonly T[];
}): {
  track<S extends object>(key: string, source: S, read: (source: S) => Sample<T> | null): void;
} {
  const existing = register.getSingleMetric(config.name) as SampledGauge<T> | undefined;
  const sources = existing?.[SOURCES] ?? new Map();
  if (!existing) {
    const gauge: SampledGauge<T> = new Gauge<T>({
      ...config,
      collect() {
        this.reset();
        for (const [key, source] of sources) {
          if (!source.ref.deref()) {
            sources.delete(key);
            continue;
          }
          const sample = source.read();
          if (sample) this.set(sample.labels, sample.value);
        }
      },
    });
    gauge[SOURCES] = sources;
  }
  return {
    track(key, source, read) {
      const ref = new WeakRef(source);
      sources.set(key, {
        ref,
        read: () => {
          const live = ref.deref();
          return live ? read(live) : null;
        },
      });
    },
  };
}
