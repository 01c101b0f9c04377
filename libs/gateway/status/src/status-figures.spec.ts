import { LatencyHistogram } from './latency-histogram.js';
import { chartOf, incidentsOf, upstreamState, type IncidentRule } from './status-figures.js';
import type { PeriodFigures } from './status-store.js';

const RULE: IncidentRule = { bucketSeconds: 300, minCalls: 5, successRate: 0.9 };
const NOW = 1_800_000_000; // a multiple of 300
const iso = (s: number) => new Date(s * 1000).toISOString();

/** One upstream bucket `ago` buckets before the current one. */
function bucket(ago: number, requests: number, failures = 0, refused = 0): PeriodFigures {
  return {
    kind: 'upstream',
    name: 'vies',
    series: 'all',
    at: NOW - ago * 300,
    requests,
    failures,
    refused,
    histogram: new LatencyHistogram(),
  };
}

describe('incidentsOf', () => {
  it('should open an incident on a bad bucket and keep it open while it is the latest', () => {
    const [incident] = incidentsOf('vies', [bucket(2, 20), bucket(1, 20, 15, 10)], RULE, NOW + 10);
    expect(incident).toMatchObject({
      started_at: iso(NOW - 300),
      ended_at: null,
      open: true,
      reason: 'breaker_open',
      calls: 20,
      success_rate: 0.25,
    });
  });

  it('should close it with the next good bucket, and join consecutive bad ones into one', () => {
    const buckets = [bucket(5, 10, 5), bucket(4, 10, 9), bucket(3, 10), bucket(1, 10)];
    const [incident] = incidentsOf('vies', buckets, RULE, NOW + 10);
    expect(incident).toMatchObject({
      started_at: iso(NOW - 1_500),
      ended_at: iso(NOW - 900),
      open: false,
      reason: 'low_success_rate',
      calls: 20,
      success_rate: 0.3,
    });
  });

  it('should close it when a whole bucket passed without calls', () => {
    const [incident] = incidentsOf('vies', [bucket(3, 10, 10)], RULE, NOW + 10);
    expect(incident).toMatchObject({ open: false, ended_at: iso(NOW - 600) });
  });

  it('should not count buckets with fewer calls than the rule asks, nor a gap as one incident', () => {
    expect(incidentsOf('vies', [bucket(1, 4, 4)], RULE, NOW)).toEqual([]);
    const two = incidentsOf('vies', [bucket(6, 10, 10), bucket(3, 10, 10)], RULE, NOW);
    expect(two.map((i) => i.started_at)).toEqual([iso(NOW - 1_800), iso(NOW - 900)]);
  });
});

describe('upstreamState', () => {
  const recent = (requests: number, failures = 0) => ({
    requests,
    failures,
    refused: 0,
    histogram: new LatencyHistogram(),
  });
  it('should follow the recent calls, else the breaker the service reported', () => {
    expect(upstreamState(recent(10, 1), undefined, 'closed', RULE)).toBe('operational');
    expect(upstreamState(recent(10, 2), undefined, 'closed', RULE)).toBe('degraded');
    expect(upstreamState(recent(0), undefined, 'closed', RULE)).toBe('operational');
    expect(upstreamState(recent(0), undefined, 'open', RULE)).toBe('down');
    expect(upstreamState(recent(0), undefined, undefined, RULE)).toBe('unknown');
    const [open] = incidentsOf('vies', [bucket(0, 10, 10, 8)], RULE, NOW + 10);
    expect(upstreamState(recent(10, 10), open, 'open', RULE)).toBe('down');
  });
});

describe('chartOf', () => {
  it('should give a point per hour from the start, empty hours too, merging the series', () => {
    const at = NOW - (NOW % 3600);
    const one = { ...bucket(0, 3), kind: 'endpoint' as const, at };
    one.histogram.record(10);
    const other = {
      ...bucket(0, 1),
      kind: 'endpoint' as const,
      at,
      histogram: new LatencyHistogram(),
    };
    other.histogram.record(100);
    const chart = chartOf([one, other], NOW - 86_400, NOW, 3600);
    expect(chart.points).toHaveLength(25);
    expect(chart.points[0]).toEqual({
      at: iso(NOW - 86_400 - ((NOW - 86_400) % 3600)),
      requests: 0,
      p50_ms: null,
      p95_ms: null,
    });
    expect(chart.points.at(-1)).toMatchObject({ requests: 4 });
    expect(chart.points.at(-1)?.p95_ms).toBeGreaterThan(95);
  });
});
