import type { DatasetStatus } from '@nl/contracts-core';
import type { DataSource } from 'typeorm';
import {
  mergedFigures,
  rowsOf,
  type PeriodFigures,
  type Raw,
  type SeriesFigures,
} from './status-merge.sql.js';
import type { SampleKind, SampleRow } from './status-samples.js';

export type { PeriodFigures, SeriesFigures };

/** The fine buckets are kept this long, the coarse ones this long. */
export const FINE_KEPT_MS = 48 * 3600_000;
export const COARSE_KEPT_MS = 90 * 24 * 3600_000;
/** The replica name of a coarse (merged) row. */
const MERGED = '*';

/** Which rows a span reads: fine buckets from `fineFrom`, coarse ones in [coarseFrom, fineFrom). */
export interface Span {
  readonly fineFrom: number;
  readonly coarseFrom?: number;
}

const seconds = (value: unknown) => Math.floor(new Date(value as string).getTime() / 1000);

/**
 * The status tables: each process's rows of the fine buckets (written whole, replaced as they
 * grow), their roll-up into coarse buckets (the same merge for every replica, so two replicas
 * rolling up at once write one row), pruning, and the merged reads the report is built from.
 * Every sum is done in SQL, histograms bucket by bucket, so a read returns one row per series
 * and histogram bucket whatever the number of replicas and periods.
 */
export class StatusStore {
  constructor(
    private readonly db: DataSource,
    /** This deployment's rows (STATUS_SCOPE). */
    private readonly scope: string,
  ) {}

  /** Writes this process's rows of its buckets, replacing what it wrote of them before. */
  write(replica: string, width: number, rows: readonly SampleRow[]): Promise<void> {
    return this.insert(width, replica, rows, 'replace');
  }

  /**
   * Merges the fine rows of every coarse period that ended before `completeBefore` and has no
   * coarse row yet into one row per series, then removes fine rows past 48 h and coarse ones
   * past 90 days. Returns how many coarse rows it wrote.
   */
  async rollUp(fine: number, coarse: number, completeBefore: number): Promise<number> {
    const periods = await this.rows(
      `SELECT DISTINCT to_timestamp(floor(extract(epoch FROM f.bucket_start) / $2) * $2) AS period
         FROM gw.status_sample f
        WHERE f.scope = $4 AND f.width = $1 AND f.bucket_start < to_timestamp($3::float8)
          AND f.bucket_start >= COALESCE(
                (SELECT max(bucket_start) FROM gw.status_sample WHERE scope = $4 AND width = $2)
                  + make_interval(secs => $2),
                '-infinity')`,
      [fine, coarse, completeBefore, this.scope],
    );
    let written = 0;
    for (const { period } of periods) {
      const start = seconds(period);
      if (start + coarse > completeBefore) continue;
      const merged = await this.figures(fine, { from: start, until: start + coarse });
      const rows: SampleRow[] = merged.map((m) => ({
        kind: m.kind,
        name: m.name,
        series: m.series,
        bucketStart: start,
        requests: m.requests,
        failures: m.failures,
        refused: m.refused,
        histogram: m.histogram.toJSON(),
        lastError: null,
        lastErrorAt: null,
      }));
      await this.insert(coarse, MERGED, rows, 'keep');
      written += rows.length;
    }
    await this.db.query(
      `DELETE FROM gw.status_sample
        WHERE scope = $5
          AND ((width = $1 AND bucket_start < now() - make_interval(secs => $3::float8 / 1000))
           OR (width = $2 AND bucket_start < now() - make_interval(secs => $4::float8 / 1000)))`,
      [fine, coarse, FINE_KEPT_MS, COARSE_KEPT_MS, this.scope],
    );
    return written;
  }

  /** The merged figures of every series over [from, until) in buckets of `width`. */
  async figures(
    width: number,
    range: { from: number; until?: number },
    kind?: SampleKind,
  ): Promise<SeriesFigures[]> {
    const where = `width = $1 AND bucket_start >= to_timestamp($2::float8)
        AND ($3::float8 IS NULL OR bucket_start < to_timestamp($3::float8))
        AND ($4::text IS NULL OR kind = $4)`;
    const params = [width, range.from, range.until ?? null, kind ?? null];
    return mergedFigures(this.db, this.scope, where, params) as Promise<SeriesFigures[]>;
  }

  /** The figures of a span that reads coarse rows before `fineFrom` and fine rows after it. */
  async spanFigures(fine: number, coarse: number, span: Span): Promise<SeriesFigures[]> {
    const where = `((width = $1 AND bucket_start >= to_timestamp($3::float8))
        OR (width = $2 AND bucket_start >= to_timestamp($4::float8)
            AND bucket_start < to_timestamp($3::float8)))`;
    const params = [fine, coarse, span.fineFrom, span.coarseFrom ?? span.fineFrom];
    return mergedFigures(this.db, this.scope, where, params) as Promise<SeriesFigures[]>;
  }

  /** Per series and period of `step` seconds: the fine rows from `from` on, merged per period. */
  async periods(
    fine: number,
    step: number,
    from: number,
    kind?: SampleKind,
  ): Promise<PeriodFigures[]> {
    const where = `width = $1 AND bucket_start >= to_timestamp($2::float8)
        AND ($3::text IS NULL OR kind = $3)`;
    return mergedFigures(this.db, this.scope, where, [fine, from, kind ?? null], step) as Promise<
      PeriodFigures[]
    >;
  }

  /** The first second not yet rolled up: fine rows from here on have no coarse row. */
  async rolledUpUntil(coarse: number): Promise<number | null> {
    const [row] = await this.rows(
      `SELECT max(bucket_start) AS last FROM gw.status_sample WHERE scope = $2 AND width = $1`,
      [coarse, this.scope],
    );
    return row?.last ? seconds(row.last) + coarse : null;
  }

  /** The last failure of each upstream: its class and when. */
  async lastErrors(): Promise<Map<string, { class: string; at: string }>> {
    const rows = await this.rows(
      `SELECT DISTINCT ON (name) name, last_error, last_error_at
         FROM gw.status_sample
        WHERE scope = $1 AND kind = 'upstream' AND last_error_at IS NOT NULL
        ORDER BY name, last_error_at DESC`,
      [this.scope],
    );
    return new Map(
      rows.map((r) => [
        String(r.name),
        { class: String(r.last_error), at: new Date(r.last_error_at as string).toISOString() },
      ]),
    );
  }

  /** Records what the services said of their breakers and datasets. */
  async saveSources(
    circuits: Readonly<Record<string, string>>,
    datasets: readonly DatasetStatus[],
  ): Promise<void> {
    const records = [
      ...Object.entries(circuits).map(([name, circuit]) => ({
        kind: 'circuit',
        name,
        detail: { circuit },
      })),
      ...datasets.map((d) => ({ kind: 'dataset', name: d.name, detail: d })),
    ];
    if (!records.length) return;
    await this.db.query(
      `INSERT INTO gw.status_source (scope, kind, name, detail, seen_at)
       SELECT $2, r.kind, r.name, r.detail, now()
         FROM jsonb_to_recordset($1::jsonb) AS r(kind text, name text, detail jsonb)
       ON CONFLICT (scope, kind, name) DO UPDATE SET detail = excluded.detail, seen_at = excluded.seen_at`,
      [JSON.stringify(records), this.scope],
    );
  }

  async sources(): Promise<{ kind: string; name: string; detail: Raw; seenAt: string }[]> {
    const rows = await this.rows(
      `SELECT kind, name, detail, seen_at FROM gw.status_source WHERE scope = $1 ORDER BY kind, name`,
      [this.scope],
    );
    return rows.map((r) => ({
      kind: String(r.kind),
      name: String(r.name),
      detail: (typeof r.detail === 'string' ? JSON.parse(r.detail) : r.detail) as Raw,
      seenAt: new Date(r.seen_at as string).toISOString(),
    }));
  }

  /**
   * Inserts rows of `replica`: a process's own (`replace`: its earlier row of a bucket gives way
   * to the grown one) or a roll-up's merged ones (`keep`: a replica that rolled the same hour up
   * first has written the same row).
   */
  private async insert(
    width: number,
    replica: string,
    rows: readonly SampleRow[],
    onConflict: 'replace' | 'keep',
  ): Promise<void> {
    if (!rows.length) return;
    const records = rows.map((r) => ({
      kind: r.kind,
      name: r.name,
      series: r.series,
      bucket_start: new Date(r.bucketStart * 1000).toISOString(),
      requests: r.requests,
      failures: r.failures,
      refused: r.refused,
      histogram: r.histogram,
      last_error: r.lastError,
      last_error_at: r.lastErrorAt === null ? null : new Date(r.lastErrorAt).toISOString(),
    }));
    await this.db.query(
      `INSERT INTO gw.status_sample (scope, kind, name, series, width, bucket_start, replica,
              requests, failures, refused, histogram, last_error, last_error_at)
       SELECT $4, r.kind, r.name, r.series, $2, r.bucket_start, $3, r.requests, r.failures,
              r.refused, r.histogram, r.last_error, r.last_error_at
         FROM jsonb_to_recordset($1::jsonb) AS r(kind text, name text, series text,
              bucket_start timestamptz, requests integer, failures integer, refused integer,
              histogram jsonb, last_error text, last_error_at timestamptz)
       ON CONFLICT (scope, width, bucket_start, kind, name, series, replica) DO ${
         onConflict === 'replace'
           ? `UPDATE SET requests = excluded.requests, failures = excluded.failures,
              refused = excluded.refused, histogram = excluded.histogram,
              last_error = excluded.last_error, last_error_at = excluded.last_error_at`
           : 'NOTHING'
       }`,
      [JSON.stringify(records), width, replica, this.scope],
    );
  }

  private rows(sql: string, params: unknown[]): Promise<Raw[]> {
    return rowsOf(this.db, sql, params);
  }
}
