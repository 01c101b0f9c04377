import {
  Inject,
  Injectable,
  Optional,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import {
  type DatasetStatus,
  type EndpointDefinition,
  type UpstreamCallReport,
} from '@nl/contracts-core';
import {
  GATEWAY_CATALOG,
  type AnswerMeter,
  type EndpointLatency,
  type LatencySource,
} from '@nl/gateway-core';
import { InjectConfig } from '@nl/platform-config';
import { outsideRequest, setUpstreamCallSink } from '@nl/platform-context';
import { LOGGER, type Logger } from '@nl/platform-logging';
import { ServiceStatuses } from '@nl/platform-transport';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { buildReport } from './status-report.builder.js';
import type { StatusReport } from './status-report.js';
import { StatusSamples } from './status-samples.js';
import { StatusStore } from './status-store.js';
import { STATUS_CONFIG, type StatusSettings } from './status.config.js';

/** How often a process asks the services about their breakers and datasets. */
const SOURCES_EVERY_MS = 30_000;
/** How often a process rolls fine buckets up and prunes (at most; every replica may). */
const ROLLUP_EVERY_MS = 60_000;

/**
 * The public status figures of this deployment: every gateway process counts its answers (per
 * endpoint, cached and cold apart) and the upstream calls its services report, writes them every
 * STATUS_FLUSH_SECONDS as its own rows of the current bucket, rolls finished hours up, and builds
 * the report from what every replica wrote (merged in SQL). A database that is down costs
 * nothing but the figures' freshness: the counts wait in memory and the next write catches up.
 */
@Injectable()
export class StatusService
  implements AnswerMeter, LatencySource, OnApplicationBootstrap, OnApplicationShutdown
{
  private readonly samples: StatusSamples;
  private readonly store: StatusStore;
  private readonly replica = randomUUID().slice(0, 12);
  private timer?: NodeJS.Timeout;
  private flushing?: Promise<void>;
  private lastRollUp = 0;
  private lastSources = -Infinity;
  private report?: { at: number; value: Promise<StatusReport> };

  constructor(
    db: DataSource,
    @InjectConfig(STATUS_CONFIG) private readonly settings: StatusSettings,
    @Inject(GATEWAY_CATALOG) private readonly catalog: readonly EndpointDefinition[],
    private readonly statuses: ServiceStatuses,
    @Optional() @Inject(LOGGER) private readonly logger?: Logger,
  ) {
    this.samples = new StatusSamples(settings.bucketSeconds);
    this.store = new StatusStore(db, settings.scope);
  }

  onApplicationBootstrap(): void {
    setUpstreamCallSink((calls) => this.upstreamCalls(calls));
    this.timer = outsideRequest(() =>
      setInterval(() => void this.flush(), this.settings.flushSeconds * 1000),
    );
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    setUpstreamCallSink(undefined);
    await this.flush();
  }

  answered(answer: Parameters<AnswerMeter['answered']>[0]): void {
    // Test-key answers come from recordings: they say nothing of the service.
    if (answer.sandbox) return;
    const cached = answer.cache === 'hit' || answer.cache === 'stale';
    this.samples.endpointAnswer(answer.endpoint, answer.status, cached, answer.seconds * 1000);
  }

  upstreamCalls(calls: readonly UpstreamCallReport[]): void {
    this.samples.upstreamCalls(calls);
  }

  /** Writes the counts held (and now and then rolls up and asks the services); never throws. */
  flush(): Promise<void> {
    this.flushing ??= this.writeAll().finally(() => (this.flushing = undefined));
    return this.flushing;
  }

  private async writeAll(): Promise<void> {
    const readAt = Date.now();
    const rows = this.samples.rows();
    try {
      await this.store.write(this.replica, this.settings.bucketSeconds, rows);
      this.samples.written(rows, readAt);
      if (
        readAt - this.lastRollUp >=
        Math.min(ROLLUP_EVERY_MS, this.settings.rollupSeconds * 1000)
      ) {
        this.lastRollUp = readAt;
        // A bucket is final once every replica has written it after its end.
        const settled = Math.floor(readAt / 1000) - 2 * this.settings.flushSeconds - 1;
        await this.store.rollUp(this.settings.bucketSeconds, this.settings.rollupSeconds, settled);
      }
      if (readAt - this.lastSources >= SOURCES_EVERY_MS) {
        this.lastSources = readAt;
        await this.saveSources();
      }
    } catch (error) {
      this.logger?.warn({ err: error, waiting: this.samples.size }, 'status figures not written');
    }
  }

  /** What each domain's service says of its breakers and datasets, kept for the report. */
  private async saveSources(): Promise<void> {
    const domains = [...new Set(this.catalog.filter((e) => !e.planned).map((e) => e.domain))];
    const circuits: Record<string, string> = {};
    const datasets = new Map<string, DatasetStatus>();
    for (const status of await Promise.all(domains.map((d) => this.statuses.of(d)))) {
      Object.assign(circuits, status?.circuits);
      for (const dataset of status?.datasets ?? []) datasets.set(dataset.name, dataset);
    }
    await this.store.saveSources(circuits, [...datasets.values()]);
  }

  /** Each endpoint's figures over the last 24 hours (the served OpenAPI's `x-latency`). */
  async last24h(): Promise<ReadonlyMap<string, EndpointLatency>> {
    const report = await this.current();
    return new Map(report.endpoints.map((e) => [e.id, e.windows['24h'].all]));
  }

  /** The report, built at most once per flush interval (it changes no faster). */
  current(now = Date.now()): Promise<StatusReport> {
    if (this.report && now - this.report.at < this.settings.flushSeconds * 1000)
      return this.report.value;
    const value = buildReport(this.store, this.settings, this.catalog, now);
    this.report = { at: now, value };
    value.catch(() => (this.report = undefined));
    return value;
  }
}
