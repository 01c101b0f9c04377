import type { UpstreamCallReport } from '@nl/contracts-core';
import { LatencyHistogram, type HistogramCounts } from './latency-histogram.js';

/** What a sample counts: a public endpoint's answers, or an upstream's calls. */
export type SampleKind = 'endpoint' | 'upstream';

/** Endpoint answers apart by cache state; upstream calls have one series (`all`). */
export type SampleSeries = 'cached' | 'cold' | 'all';

/** One series' counts in one bucket of one process, as stored. */
export interface SampleRow {
  readonly kind: SampleKind;
  readonly name: string;
  readonly series: SampleSeries;
  /** Start of the bucket, epoch seconds (a multiple of the bucket width). */
  readonly bucketStart: number;
  readonly requests: number;
  readonly failures: number;
  /** Upstream calls refused by the open breaker (counted in `failures` too). */
  readonly refused: number;
  readonly histogram: HistogramCounts;
  readonly lastError: string | null;
  readonly lastErrorAt: number | null;
}

class Sample {
  requests = 0;
  failures = 0;
  refused = 0;
  readonly histogram = new LatencyHistogram();
  lastError: string | null = null;
  lastErrorAt: number | null = null;

  constructor(
    readonly kind: SampleKind,
    readonly name: string,
    readonly series: SampleSeries,
    readonly bucketStart: number,
  ) {}

  row(): SampleRow {
    return { ...this, histogram: this.histogram.toJSON() };
  }
}

/**
 * An answer the status figures count: what the server did for a request. Client errors and
 * refusals (400, 401, 402, 403, 413, 429, …) say nothing about its speed or health and are left
 * out; a 404 is an answer (the register has no such thing), a 5xx a failure.
 */
export function countsAsAnswer(status: number): boolean {
  return status < 400 || status === 404 || (status >= 500 && status <= 599);
}

/**
 * This process's counts for the buckets not yet stored for good: the current one and any whose
 * store failed. Recording is a map lookup and a few additions on the serving thread; the store
 * writes the cumulative counts of each bucket as this process's row (so a write that is
 * repeated or retried replaces, never adds twice), and forgets a bucket once it has ended and
 * been written.
 */
export class StatusSamples {
  private readonly samples = new Map<string, Sample>();

  /** At most this many buckets waiting (a long database outage): the oldest go first. */
  static readonly MAX_WAITING = 20_000;

  constructor(private readonly bucketSeconds: number) {}

  bucketStart(nowMs = Date.now()): number {
    const seconds = Math.floor(nowMs / 1000);
    return seconds - (seconds % this.bucketSeconds);
  }

  endpointAnswer(endpoint: string, status: number, cached: boolean, ms: number): void {
    if (!countsAsAnswer(status)) return;
    const sample = this.sample('endpoint', endpoint, cached ? 'cached' : 'cold');
    sample.requests++;
    if (status >= 500) sample.failures++;
    sample.histogram.record(ms);
  }

  upstreamCalls(calls: readonly UpstreamCallReport[]): void {
    for (const call of calls) {
      const sample = this.sample('upstream', call.upstream, 'all');
      sample.requests++;
      sample.histogram.record(call.ms);
      if (!call.error) continue;
      sample.failures++;
      if (call.error === 'circuit_open') sample.refused++;
      sample.lastError = call.error;
      sample.lastErrorAt = Date.now();
    }
  }

  /** The rows to write now: every bucket held (the current one as it stands). */
  rows(): SampleRow[] {
    return [...this.samples.values()].map((s) => s.row());
  }

  /**
   * Forgets the buckets of `written` that had ended when they were read (`readAt`): their rows
   * are final. The current bucket stays and is written again, grown, next time.
   */
  written(written: readonly SampleRow[], readAt: number): void {
    const current = this.bucketStart(readAt);
    for (const row of written)
      if (row.bucketStart < current)
        this.samples.delete(keyOf(row.kind, row.name, row.series, row.bucketStart));
  }

  get size(): number {
    return this.samples.size;
  }

  private sample(kind: SampleKind, name: string, series: SampleSeries): Sample {
    const bucketStart = this.bucketStart();
    const key = keyOf(kind, name, series, bucketStart);
    let sample = this.samples.get(key);
    if (!sample) {
      if (this.samples.size >= StatusSamples.MAX_WAITING) this.dropOldest();
      sample = new Sample(kind, name, series, bucketStart);
      this.samples.set(key, sample);
    }
    return sample;
  }

  private dropOldest(): void {
    let oldest: string | undefined;
    let start = Infinity;
    for (const [key, sample] of this.samples)
      if (sample.bucketStart < start) [oldest, start] = [key, sample.bucketStart];
    if (oldest) this.samples.delete(oldest);
  }
}

const keyOf = (kind: SampleKind, name: string, series: SampleSeries, bucketStart: number) =>
  `${kind}\u0000${name}\u0000${series}\u0000${bucketStart}`;
