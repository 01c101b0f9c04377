import { statusPage } from './status-page.js';
import type {
  ChartPoint,
  EndpointStatus,
  EndpointWindow,
  LatencyFigures,
  StatusReport,
  UpstreamStatus,
} from './status-report.js';

const NOW = '2026-11-28T15:40:00.000Z';
const HOUR = 3_600_000;

const none: LatencyFigures = {
  requests: 0,
  availability: null,
  p50_ms: null,
  p95_ms: null,
  p99_ms: null,
};
const figures = (requests: number, availability: number, p50: number, p95: number) => ({
  requests,
  availability,
  p50_ms: p50,
  p95_ms: p95,
  p99_ms: p95 * 1.5,
});
const idleWindow: EndpointWindow = { all: none, cached: none, cold: none };

/** 24 hourly points ending at the hour of NOW, requests in the last two only. */
function chart(last: Partial<ChartPoint>[] = []): { step_seconds: number; points: ChartPoint[] } {
  const end = Date.parse('2026-11-28T15:00:00.000Z');
  const points = Array.from({ length: 24 }, (_, i) => ({
    at: new Date(end - (23 - i) * HOUR).toISOString(),
    requests: 0,
    p50_ms: null,
    p95_ms: null,
  }));
  last.forEach((p, i) => Object.assign(points[24 - last.length + i], p));
  return { step_seconds: 3600, points };
}

const sbi: EndpointStatus = {
  id: 'cbs.sbi.lookup',
  method: 'GET',
  path: '/v1/cbs/sbi/:code',
  windows: {
    '1h': {
      all: figures(3, 1, 4.2, 12),
      cached: figures(2, 1, 0.4, 0.9),
      cold: figures(1, 1, 12, 12),
    },
    '24h': { all: figures(3, 1, 4.2, 12), cached: none, cold: figures(3, 1, 4.2, 12) },
    '30d': {
      all: figures(40, 0.99999, 5, 1250),
      cached: none,
      cold: figures(40, 0.99999, 5, 1250),
    },
  },
  chart: chart([
    { requests: 1, p50_ms: 50, p95_ms: 100 },
    { requests: 2, p50_ms: 25, p95_ms: 80 },
  ]),
};

const idle: EndpointStatus = {
  id: 'rdw.vehicle.lookup',
  method: 'GET',
  path: '/v1/rdw/vehicles/:plate',
  windows: { '1h': idleWindow, '24h': idleWindow, '30d': idleWindow },
  chart: chart(),
};

const vies: UpstreamStatus = {
  name: 'vies',
  state: 'down',
  windows: { '1h': figures(20, 0.25, 900, 5000), '24h': figures(20, 0.25, 900, 5000), '30d': none },
  refused_1h: 14,
  last_error: { class: 'circuit_open', at: '2026-11-28T15:38:10.000Z' },
  chart: chart([{ requests: 20, p50_ms: 900, p95_ms: 5000 }]),
};

function report(overrides: Partial<StatusReport> = {}): StatusReport {
  return {
    generated_at: NOW,
    overall: 'outage',
    bucket_seconds: 300,
    incident_rule: { min_calls: 5, success_threshold: 0.9 },
    endpoints: [sbi, idle],
    upstreams: [vies],
    incidents: [
      {
        upstream: 'kvk',
        started_at: '2026-11-28T02:00:00.000Z',
        ended_at: '2026-11-28T02:25:00.000Z',
        open: false,
        reason: 'low_success_rate',
        calls: 12,
        success_rate: 0.5,
      },
      {
        upstream: 'vies',
        started_at: '2026-11-28T15:20:00.000Z',
        ended_at: null,
        open: true,
        reason: 'breaker_open',
        calls: 20,
        success_rate: 0.25,
      },
    ],
    datasets: [
      {
        name: 'sbi',
        version: '2025.1',
        updated_at: '2026-11-28T12:20:00.000Z',
        age_seconds: 12_000,
      },
      { name: 'ndw-charge-points', version: null, updated_at: null, age_seconds: null },
    ],
    ...overrides,
  };
}

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;|\u00a0/g, ' ')
    .replace(/\s+/g, ' ');

/** The markup of the element with this data-testid, up to its closing tag. */
function element(html: string, testId: string, tag: string): string {
  const start = html.indexOf(`data-testid="${testId}"`);
  expect(start).toBeGreaterThan(-1);
  return html.slice(start, html.indexOf(`</${tag}>`, start)).replace(/\u00a0/g, ' ');
}

describe(statusPage.name, () => {
  it('should be a whole page in the dashboard frame, linking the JSON, the front door and the dashboard', () => {
    const sut = statusPage(report());
    expect(sut).toMatch(/^<!doctype html>/);
    expect(sut).toContain('<title>Status · NL Data API</title>');
    expect(sut).toContain('<link rel="stylesheet" href="/dashboard/assets/dashboard.css" />');
    for (const href of ['/status.json', '/', '/dashboard']) expect(sut).toContain(`href="${href}"`);
    expect(sut).toMatch(/<a href="\/status"\s+aria-current="page"/);
    expect(sut).not.toContain('style=');
  });

  it('should say the overall state in words, naming the sources that are not operational', () => {
    const sut = text(element(statusPage(report()), 'overall', 'p'));
    expect(sut).toContain('Outage: a source is down');
    expect(sut).toContain('vies: down.');
    const fine = statusPage(report({ overall: 'operational', upstreams: [] }));
    expect(text(element(fine, 'overall', 'p'))).toContain('All systems operational.');
  });

  it('should give each window of an endpoint its figures, with the exact values beside them', () => {
    const sut = element(statusPage(report()), 'endpoint-cbs.sbi.lookup-30d', 'div');
    expect(sut).toContain('<data data-figure="availability" value="0.99999">99.99 %</data>');
    expect(sut).toContain('<data data-figure="p50" value="5">5.0 ms</data>');
    expect(sut).toContain('<data data-figure="p95" value="1250">1.25 s</data>');
    expect(sut).toContain('<data data-figure="requests" value="40">40</data>');
  });

  it('should split cached and cold answers only in a window that had both', () => {
    const sut = statusPage(report());
    const hour = text(element(sut, 'endpoint-cbs.sbi.lookup-1h', 'details'));
    expect(hour).toContain('Cached and cold');
    expect(hour).toContain('Cached: 2 requests, 100 %, p50 0.4 ms, p95 0.9 ms');
    expect(hour).toContain('Cold: 1 request, 100 %, p50 12 ms, p95 12 ms');
    expect(element(sut, 'endpoint-cbs.sbi.lookup-24h', 'div')).not.toContain('<details>');
  });

  it('should write a missing figure as a dash, not as a zero', () => {
    const sut = element(statusPage(report()), 'upstream-vies-30d', 'div');
    expect(sut).toContain('<span data-figure="availability">–</span>');
    expect(sut).toContain('<span data-figure="p50">–</span>');
    expect(sut).toContain('<data data-figure="requests" value="0">0</data>');
    expect(text(statusPage(report()))).toContain('ndw-charge-points – – –');
  });

  it('should list endpoints without requests compactly instead of giving them rows', () => {
    const sut = statusPage(report());
    expect(sut).not.toContain('data-testid="endpoint-rdw.vehicle.lookup-1h"');
    expect(sut).not.toContain('latency-chart-rdw.vehicle.lookup');
    const listed = text(element(sut, 'idle-endpoints', 'details'));
    expect(listed).toContain('1 endpoint with no traffic measured yet');
    expect(listed).toContain('GET /v1/rdw/vehicles/:plate');
  });

  it('should say so when no endpoint had a request yet', () => {
    const sut = statusPage(report({ endpoints: [idle], upstreams: [], incidents: [] }));
    expect(sut).toContain('<p data-testid="no-traffic">No traffic measured yet.</p>');
    expect(sut).not.toContain('each endpoint with requests');
    expect(sut).not.toContain('latency-chart-');
    expect(sut).toContain('No incidents in the last 48 hours.');
  });

  it('should show a source state in words, with its refusals and last error', () => {
    const sut = text(statusPage(report()));
    expect(sut).toContain('vies Down 25.00 %');
    expect(sut).toMatch(/ 14 circuit_open 2026-11-28 15:38 UTC /);
  });

  it('should list sources without calls compactly, with their state', () => {
    const kvk: UpstreamStatus = {
      ...vies,
      name: 'kvk',
      state: 'unknown',
      windows: { '1h': none, '24h': none, '30d': none },
      refused_1h: 0,
      last_error: null,
    };
    const sut = statusPage(report({ upstreams: [vies, kvk] }));
    expect(sut).not.toContain('upstream-latency-chart-kvk');
    expect(text(element(sut, 'idle-upstreams', 'ul'))).toContain(
      'kvk : Unknown: no calls, no breaker reported',
    );
  });

  it('should list open incidents first, with their times in UTC, reason, calls and success rate', () => {
    const sut = text(statusPage(report()));
    const open = sut.indexOf('vies Open 2026-11-28 15:20 UTC ongoing Circuit breaker open');
    const closed = sut.indexOf(
      'kvk Closed 2026-11-28 02:00 UTC 2026-11-28 02:25 UTC Low success rate 12 50.00 %',
    );
    expect(open).toBeGreaterThan(-1);
    expect(closed).toBeGreaterThan(open);
    expect(sut).toContain('at least 5 calls in 5 min and fewer than 90 % of them succeed');
  });

  it('should give dataset ages in hours and minutes', () => {
    const sut = statusPage(report());
    expect(text(element(sut, 'dataset-age-sbi', 'span'))).toContain('3 h 20 min');
  });

  it('should escape every name from the report', () => {
    const hostile = '<script>alert("x")</script>';
    const sut = statusPage(
      report({
        endpoints: [{ ...sbi, id: `a"b`, path: `/v1/${hostile}` }],
        upstreams: [{ ...vies, name: hostile, last_error: { class: hostile, at: NOW } }],
        incidents: [{ ...report().incidents[0], upstream: hostile }],
        datasets: [{ name: hostile, version: hostile, updated_at: null, age_seconds: 1 }],
      }),
    );
    expect(sut).not.toContain('<script>alert');
    expect(sut).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(sut).toContain('data-testid="latency-chart-a&quot;b"');
  });
});
