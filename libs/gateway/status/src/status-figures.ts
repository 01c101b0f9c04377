import { LatencyHistogram } from './latency-histogram.js';
import type { Incident, LatencyChart, LatencyFigures, UpstreamState } from './status-report.js';
import type { PeriodFigures, SeriesFigures } from './status-store.js';

/** Counts and histogram of one or more series, added together. */
export interface Tally {
  readonly requests: number;
  readonly failures: number;
  readonly refused: number;
  readonly histogram: LatencyHistogram;
}

export const EMPTY_TALLY: Tally = {
  requests: 0,
  failures: 0,
  refused: 0,
  histogram: new LatencyHistogram(),
};

/** The sum of `parts`: counts added, histograms merged bucket by bucket. */
export function tally(parts: readonly Tally[]): Tally {
  const histogram = new LatencyHistogram();
  let requests = 0;
  let failures = 0;
  let refused = 0;
  for (const part of parts) {
    requests += part.requests;
    failures += part.failures;
    refused += part.refused;
    histogram.add(part.histogram);
  }
  return { requests, failures, refused, histogram };
}

/** A tally as the report gives it: availability and the p50/p95/p99 of its histogram. */
export function latencyFigures(t: Tally): LatencyFigures {
  return {
    requests: t.requests,
    availability:
      t.requests === 0 ? null : Math.round(((t.requests - t.failures) / t.requests) * 1e6) / 1e6,
    p50_ms: t.histogram.percentile(0.5),
    p95_ms: t.histogram.percentile(0.95),
    p99_ms: t.histogram.percentile(0.99),
  };
}

/** The rows of `figures` per series key (`kind/name`), with the series (`cached`, …) apart. */
export function bySeries(figures: readonly SeriesFigures[]): Map<string, Map<string, Tally>> {
  const grouped = new Map<string, Map<string, Tally>>();
  for (const f of figures) {
    const key = `${f.kind}/${f.name}`;
    const series = grouped.get(key) ?? new Map<string, Tally>();
    series.set(f.series, f);
    grouped.set(key, series);
  }
  return grouped;
}

/** The chart of one series key: a point per `step` from `from` to `now`, empty periods too. */
export function chartOf(
  periods: readonly PeriodFigures[],
  from: number,
  now: number,
  step: number,
): LatencyChart {
  const at = new Map<number, Tally[]>();
  for (const p of periods) at.set(p.at, [...(at.get(p.at) ?? []), p]);
  const points = [];
  for (let start = Math.floor(from / step) * step; start <= now; start += step) {
    const t = tally(at.get(start) ?? []);
    points.push({
      at: new Date(start * 1000).toISOString(),
      requests: t.requests,
      p50_ms: t.histogram.percentile(0.5),
      p95_ms: t.histogram.percentile(0.95),
    });
  }
  return { step_seconds: step, points };
}

export interface IncidentRule {
  readonly bucketSeconds: number;
  readonly minCalls: number;
  readonly successRate: number;
}

/** A bucket of an upstream's calls is bad: enough calls, and too few of them succeeded. */
export function isBad(t: Tally, rule: IncidentRule): boolean {
  return t.requests >= rule.minCalls && (t.requests - t.failures) / t.requests < rule.successRate;
}

/**
 * An upstream's incidents from its fine buckets (all replicas merged), oldest first: each run of
 * consecutive bad buckets is one. It is open while its last bad bucket is the current one, or the
 * one before and the current one is not yet good; else it closed when the bucket after its last
 * bad one began.
 */
export function incidentsOf(
  upstream: string,
  buckets: readonly PeriodFigures[],
  rule: IncidentRule,
  now: number,
): Incident[] {
  const width = rule.bucketSeconds;
  const current = now - (now % width);
  const byStart = new Map(buckets.map((b) => [b.at, b]));
  const incidents: Incident[] = [];
  let run: PeriodFigures[] = [];
  const close = () => {
    if (!run.length) return;
    const first = run[0].at;
    const last = run[run.length - 1].at;
    const after = byStart.get(last + width);
    const open = last >= current || (last === current - width && !(after && !isBad(after, rule)));
    const t = tally(run);
    incidents.push({
      upstream,
      started_at: new Date(first * 1000).toISOString(),
      ended_at: open ? null : new Date((last + width) * 1000).toISOString(),
      open,
      reason: t.refused > 0 ? 'breaker_open' : 'low_success_rate',
      calls: t.requests,
      success_rate: Math.round(((t.requests - t.failures) / t.requests) * 1e4) / 1e4,
    });
    run = [];
  };
  for (const bucket of [...buckets].sort((a, b) => a.at - b.at)) {
    if (!isBad(bucket, rule)) {
      close();
      continue;
    }
    if (run.length && bucket.at !== run[run.length - 1].at + width) close();
    run.push(bucket);
  }
  close();
  return incidents;
}

/**
 * An upstream's state: an open incident says it (`down` when its calls were refused by the open
 * breaker); otherwise its calls in the current and the previous bucket, or, without calls, its
 * breaker as its service last said (closed: operational; open: down; not known, e.g. an
 * upstream not configured here: unknown).
 */
export function upstreamState(
  recent: Tally,
  openIncident: Incident | undefined,
  circuit: string | undefined,
  rule: IncidentRule,
): UpstreamState {
  if (openIncident) return openIncident.reason === 'breaker_open' ? 'down' : 'degraded';
  if (recent.requests === 0)
    return circuit === 'open' ? 'down' : circuit ? 'operational' : 'unknown';
  if (recent.failures === 0) return 'operational';
  return (recent.requests - recent.failures) / recent.requests >= rule.successRate
    ? 'operational'
    : 'degraded';
}
