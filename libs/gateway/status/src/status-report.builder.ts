import type { EndpointDefinition } from '@nl/contracts-core';
import {
  EMPTY_TALLY,
  bySeries,
  chartOf,
  incidentsOf,
  latencyFigures,
  tally,
  upstreamState,
  type IncidentRule,
  type Tally,
} from './status-figures.js';
import {
  STATUS_WINDOWS,
  type DatasetAge,
  type EndpointStatus,
  type Incident,
  type StatusReport,
  type StatusWindow,
  type UpstreamStatus,
} from './status-report.js';
import type { PeriodFigures, StatusStore } from './status-store.js';
import type { StatusSettings } from './status.config.js';

const HOUR = 3600;
const DAY = 24 * HOUR;
/** Charts show the last 24 hours an hour a point. */
const CHART_STEP = HOUR;

export function incidentRule(settings: StatusSettings): IncidentRule {
  return {
    bucketSeconds: settings.bucketSeconds,
    minCalls: settings.incidentMinCalls,
    successRate: settings.incidentSuccessRate,
  };
}

/**
 * The status report from what every replica wrote: the windows of 1 h and 24 h from the fine
 * buckets, 30 days from the coarse ones plus the fine buckets not rolled up yet, hourly charts
 * of the last 24 h, incidents from the fine buckets of the last 48 h, and what the services
 * last said of their breakers and datasets. Every endpoint of the catalog that is built is in
 * it, with or without traffic.
 */
export async function buildReport(
  store: StatusStore,
  settings: StatusSettings,
  catalog: readonly EndpointDefinition[],
  nowMs: number,
): Promise<StatusReport> {
  const rule = incidentRule(settings);
  const now = Math.floor(nowMs / 1000);
  const { bucketSeconds: fine, rollupSeconds: coarse } = settings;
  const rolledUntil = (await store.rolledUpUntil(coarse)) ?? 0;
  const monthFrom = now - 30 * DAY;
  const [hour, day, month, charts, buckets, lastErrors, sources] = await Promise.all([
    store.figures(fine, { from: now - HOUR }),
    store.figures(fine, { from: now - DAY }),
    store.spanFigures(fine, coarse, {
      fineFrom: Math.max(rolledUntil, monthFrom),
      coarseFrom: monthFrom,
    }),
    store.periods(fine, CHART_STEP, now - DAY),
    store.periods(fine, fine, now - 2 * DAY, 'upstream'),
    store.lastErrors(),
    store.sources(),
  ]);
  const windows: Record<StatusWindow, Map<string, Map<string, Tally>>> = {
    '1h': bySeries(hour),
    '24h': bySeries(day),
    '30d': bySeries(month),
  };
  const chartRows = groupBy(charts);
  const circuits = new Map(
    sources.filter((s) => s.kind === 'circuit').map((s) => [s.name, String(s.detail.circuit)]),
  );

  const endpoints: EndpointStatus[] = catalog
    .filter((e) => !e.planned)
    .map((e) => {
      const key = `endpoint/${e.id}`;
      const window = (w: StatusWindow) => {
        const series = windows[w].get(key);
        const cached = series?.get('cached') ?? EMPTY_TALLY;
        const cold = series?.get('cold') ?? EMPTY_TALLY;
        return {
          all: latencyFigures(tally([cached, cold])),
          cached: latencyFigures(cached),
          cold: latencyFigures(cold),
        };
      };
      return {
        id: e.id,
        method: e.method,
        path: e.paths[0],
        windows: Object.fromEntries(STATUS_WINDOWS.map((w) => [w, window(w)])) as Record<
          StatusWindow,
          EndpointStatus['windows'][StatusWindow]
        >,
        chart: chartOf(chartRows.get(key) ?? [], now - DAY, now, CHART_STEP),
      };
    });

  const upstreamBuckets = groupBy(buckets);
  const names = new Set<string>([
    ...catalog.flatMap((e) => (e.planned ? [] : (e.upstreams ?? []))),
    ...circuits.keys(),
    ...[...windows['30d'].keys()].filter((k) => k.startsWith('upstream/')).map((k) => k.slice(9)),
  ]);
  const incidents: Incident[] = [];
  const upstreams: UpstreamStatus[] = [...names].sort().map((name) => {
    const key = `upstream/${name}`;
    const own = incidentsOf(name, upstreamBuckets.get(key) ?? [], rule, now);
    incidents.push(...own);
    const current = now - (now % fine);
    const recent = tally((upstreamBuckets.get(key) ?? []).filter((b) => b.at >= current - fine));
    const figures = (w: StatusWindow) =>
      latencyFigures(windows[w].get(key)?.get('all') ?? EMPTY_TALLY);
    return {
      name,
      state: upstreamState(
        recent,
        own.find((i) => i.open),
        circuits.get(name),
        rule,
      ),
      windows: { '1h': figures('1h'), '24h': figures('24h'), '30d': figures('30d') },
      refused_1h: windows['1h'].get(key)?.get('all')?.refused ?? 0,
      last_error: lastErrors.get(name) ?? null,
      chart: chartOf(chartRows.get(key) ?? [], now - DAY, now, CHART_STEP),
    };
  });

  const datasets: DatasetAge[] = sources
    .filter((s) => s.kind === 'dataset')
    .map((s) => {
      const updated = typeof s.detail.updatedAt === 'string' ? s.detail.updatedAt : null;
      return {
        name: s.name,
        version: typeof s.detail.version === 'string' ? s.detail.version : null,
        updated_at: updated,
        age_seconds: updated ? Math.max(0, now - Math.floor(Date.parse(updated) / 1000)) : null,
      };
    });

  const measured = upstreams.filter((u) => u.state !== 'unknown');
  const overall =
    measured.length > 0 && measured.every((u) => u.state === 'down')
      ? 'outage'
      : measured.some((u) => u.state !== 'operational')
        ? 'degraded'
        : 'operational';
  return {
    generated_at: new Date(nowMs).toISOString(),
    overall,
    bucket_seconds: fine,
    incident_rule: { min_calls: rule.minCalls, success_threshold: rule.successRate },
    endpoints,
    upstreams,
    incidents: incidents.sort(
      (a, b) => Number(b.open) - Number(a.open) || b.started_at.localeCompare(a.started_at),
    ),
    datasets,
  };
}

function groupBy(rows: readonly PeriodFigures[]): Map<string, PeriodFigures[]> {
  const grouped = new Map<string, PeriodFigures[]>();
  for (const row of rows) {
    const key = `${row.kind}/${row.name}`;
    grouped.set(key, [...(grouped.get(key) ?? []), row]);
  }
  return grouped;
}
