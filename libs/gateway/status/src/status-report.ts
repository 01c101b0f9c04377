/**
 * The public status document (`GET /status.json`, and what `GET /status` renders): per endpoint
 * and per upstream what this deployment measured, with no account data in it. Percentiles come
 * from merged histograms (every gateway replica's counts added bucket by bucket), never from
 * averaged percentiles.
 */

/** The windows every figure is given over. */
export const STATUS_WINDOWS = ['1h', '24h', '30d'] as const;
export type StatusWindow = (typeof STATUS_WINDOWS)[number];

/** Requests answered in a window, how many of them succeeded, and their latency. */
export interface LatencyFigures {
  readonly requests: number;
  /**
   * Share of the requests not failed by us or a source (a 5xx, or for an upstream a timeout,
   * network error, 429/5xx or a call refused by its open breaker), 0..1; null without requests.
   */
  readonly availability: number | null;
  /** Latency percentiles in milliseconds, null without requests. */
  readonly p50_ms: number | null;
  readonly p95_ms: number | null;
  readonly p99_ms: number | null;
}

/** An endpoint's figures over one window: all answers, and cached and cold ones apart. */
export interface EndpointWindow {
  readonly all: LatencyFigures;
  /** Answered from the cache (X-Cache HIT or STALE). */
  readonly cached: LatencyFigures;
  /** Answered from the source, or by an endpoint without a cache. */
  readonly cold: LatencyFigures;
}

/** One point of a latency chart: the requests of one period and their p50/p95. */
export interface ChartPoint {
  /** Start of the period (ISO 8601). */
  readonly at: string;
  readonly requests: number;
  readonly p50_ms: number | null;
  readonly p95_ms: number | null;
}

/** The last 24 hours in periods of `step_seconds` (an hour by default), oldest first. */
export interface LatencyChart {
  readonly step_seconds: number;
  readonly points: readonly ChartPoint[];
}

export interface EndpointStatus {
  /** Catalog id, e.g. `validation.vat.check`. */
  readonly id: string;
  readonly method: string;
  readonly path: string;
  readonly windows: Readonly<Record<StatusWindow, EndpointWindow>>;
  readonly chart: LatencyChart;
}

/**
 * An upstream's state: during an open incident `down` (calls refused by the open breaker) or
 * `degraded`; else from its calls in the current and the previous bucket (`operational` at or
 * above the success threshold, `degraded` below it); without such calls from its breaker as its
 * service last reported it (`operational` closed, `down` open), `unknown` when no service did.
 */
export type UpstreamState = 'operational' | 'degraded' | 'down' | 'unknown';

export interface Incident {
  readonly upstream: string;
  readonly started_at: string;
  /** When it closed itself (the first bucket that was not bad began), null while open. */
  readonly ended_at: string | null;
  readonly open: boolean;
  /** `breaker_open` when calls were refused by the open breaker, else `low_success_rate`. */
  readonly reason: 'breaker_open' | 'low_success_rate';
  /** Calls during the incident, and the share that succeeded. */
  readonly calls: number;
  readonly success_rate: number;
}

export interface UpstreamStatus {
  /** The upstream's name, e.g. `vies`, `pdok`, `kvk`. */
  readonly name: string;
  readonly state: UpstreamState;
  readonly windows: Readonly<Record<StatusWindow, LatencyFigures>>;
  /** Calls refused by the open breaker in the last hour. */
  readonly refused_1h: number;
  /** The last failed call's class (`timeout`, `unavailable`, `http_503`, `circuit_open`, …). */
  readonly last_error: { readonly class: string; readonly at: string } | null;
  readonly chart: LatencyChart;
}

export interface DatasetAge {
  /** The dataset's name, e.g. `sbi`, `disposable-domains`, `ndw-charge-points`. */
  readonly name: string;
  readonly version: string | null;
  /** When the version in use was installed, or last found current (ISO 8601). */
  readonly updated_at: string | null;
  readonly age_seconds: number | null;
}

export interface StatusReport {
  readonly generated_at: string;
  /** `operational` when every upstream with calls is, `outage` when one is down, else `degraded`. */
  readonly overall: 'operational' | 'degraded' | 'outage';
  /** The width of the finest buckets (5 minutes by default), and the incident rule's terms. */
  readonly bucket_seconds: number;
  readonly incident_rule: {
    readonly min_calls: number;
    readonly success_threshold: number;
  };
  readonly endpoints: readonly EndpointStatus[];
  readonly upstreams: readonly UpstreamStatus[];
  /** Incidents of the last 48 hours, newest first. */
  readonly incidents: readonly Incident[];
  readonly datasets: readonly DatasetAge[];
}
