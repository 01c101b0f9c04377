import type { DataSource } from 'typeorm';
import { LatencyHistogram, type HistogramCounts } from './latency-histogram.js';
import type { SampleKind, SampleSeries } from './status-samples.js';

export type Raw = Record<string, unknown>;

/** Counts and merged histogram of one series over some span. */
export interface SeriesFigures {
  readonly kind: SampleKind;
  readonly name: string;
  readonly series: SampleSeries;
  readonly requests: number;
  readonly failures: number;
  readonly refused: number;
  readonly histogram: LatencyHistogram;
}

/** One series in one period (a chart point, or an upstream's bucket for the incident rule). */
export interface PeriodFigures extends SeriesFigures {
  /** Start of the period, epoch seconds. */
  readonly at: number;
}

/** The rows of a query (TypeORM answers some statements as [rows, count]). */
export async function rowsOf(db: DataSource, sql: string, params: unknown[]): Promise<Raw[]> {
  const result = (await db.query(sql, params)) as unknown;
  return (
    Array.isArray(result) && result.length === 2 && Array.isArray(result[0]) ? result[0] : result
  ) as Raw[];
}

/**
 * Sums of the rows `where` picks per series (and period of `step` seconds), with their
 * histograms merged bucket by bucket in SQL: two statements, one row per series for the
 * counts and one per series and histogram bucket.
 */
export async function mergedFigures(
  db: DataSource,
  scope: string,
  where: string,
  params: unknown[],
  step?: number,
): Promise<PeriodFigures[]> {
  const byPeriod = step !== undefined;
  const scoped = `scope = $${params.length + 1} AND ${where}`;
  const n = params.length + 2;
  const period = byPeriod ? `floor(extract(epoch FROM bucket_start) / $${n}) * $${n}` : `0::float8`;
  const all = byPeriod ? [...params, scope, step] : [...params, scope];
  const counts = await rowsOf(
    db,
    `SELECT kind, name, series, ${period} AS at, sum(requests)::float8 AS requests,
            sum(failures)::float8 AS failures, sum(refused)::float8 AS refused
       FROM gw.status_sample WHERE ${scoped}
      GROUP BY 1, 2, 3, 4`,
    all,
  );
  const buckets = await rowsOf(
    db,
    `SELECT kind, name, series, ${period} AS at, h.key AS bucket, sum(h.value::float8) AS count
       FROM gw.status_sample, jsonb_each_text(histogram) AS h
      WHERE ${scoped}
      GROUP BY 1, 2, 3, 4, 5`,
    all,
  );
  const key = (r: Raw) => `${r.kind}\u0000${r.name}\u0000${r.series}\u0000${r.at}`;
  const histograms = new Map<string, Record<string, number>>();
  for (const b of buckets) {
    const counts = histograms.get(key(b)) ?? {};
    counts[String(b.bucket)] = Number(b.count);
    histograms.set(key(b), counts);
  }
  return counts.map((r) => ({
    kind: r.kind as SampleKind,
    name: String(r.name),
    series: r.series as SampleSeries,
    at: Number(r.at),
    requests: Number(r.requests),
    failures: Number(r.failures),
    refused: Number(r.refused),
    histogram: LatencyHistogram.of(histograms.get(key(r)) as HistogramCounts | undefined),
  }));
}
