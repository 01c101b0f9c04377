import { html, page, table, type Html } from '@nl/gateway-dashboard';
import { latencyChart } from './latency-chart.js';
import { datasetsSection, incidentsSection, when } from './status-history.js';
import { formatCount, formatMs, formatPercent, NONE } from './status-format.js';
import {
  STATUS_WINDOWS,
  type EndpointStatus,
  type LatencyFigures,
  type StatusReport,
  type StatusWindow,
  type UpstreamState,
  type UpstreamStatus,
} from './status-report.js';

const WINDOW_TITLES: Record<StatusWindow, string> = {
  '1h': 'Last hour',
  '24h': 'Last 24 hours',
  '30d': 'Last 30 days',
};

const OVERALL = {
  operational: { css: 'notice', text: 'All systems operational.' },
  degraded: { css: 'warn', text: 'Degraded: some sources answer slowly or with errors.' },
  outage: { css: 'error', text: 'Outage: a source is down; calls that need it fail.' },
} as const;

/** A state's words and colour; the words carry the meaning, the colour only repeats it. */
const STATES: Record<UpstreamState, { text: string; colour: string }> = {
  operational: { text: 'Operational', colour: '#2b7a33' },
  degraded: { text: 'Degraded', colour: '#9a6700' },
  down: { text: 'Down', colour: '#a4161a' },
  unknown: { text: 'Unknown: no calls, no breaker reported', colour: '#4a5560' },
};

/**
 * A figure with its exact value beside the words: the browser test compares `value` with
 * /status.json, and scripts reading the page need not parse "1.25 s". Absent figures are a dash.
 */
function figure(name: string, value: number | null, text: string): Html {
  return value === null
    ? html`<span data-figure="${name}">${NONE}</span>`
    : html`<data data-figure="${name}" value="${value}">${text}</data>`;
}

/** Availability, then p50 and p95, then how many requests: one window's figures in a cell. */
function figures(f: LatencyFigures): Html {
  return html`<strong
      >${figure('availability', f.availability, formatPercent(f.availability))}</strong
    >
    <br />p50&nbsp;${figure('p50', f.p50_ms, formatMs(f.p50_ms))}
    <br />p95&nbsp;${figure('p95', f.p95_ms, formatMs(f.p95_ms))}
    <br />${figure('requests', f.requests, formatCount(f.requests))} ${noun(f.requests)}`;
}

const noun = (requests: number) => (requests === 1 ? 'request' : 'requests');

/** The same in one line, for the cached and cold split. */
const line = (label: string, f: LatencyFigures) =>
  html`<p>
    ${label}: ${formatCount(f.requests)} ${noun(f.requests)}, ${formatPercent(f.availability)}, p50
    ${formatMs(f.p50_ms)}, p95 ${formatMs(f.p95_ms)}
  </p>`;

/** One window of an endpoint: its figures, and cached and cold apart when it had both. */
function endpointCell(endpoint: EndpointStatus, window: StatusWindow): Html {
  const w = endpoint.windows[window];
  const split = w.cached.requests > 0 && w.cold.requests > 0;
  // One element per cell: on a phone the cell is a grid of its label and this.
  return html`<div data-testid="endpoint-${endpoint.id}-${window}">
    ${figures(w.all)}
    ${
      split &&
      html`<details>
        <summary>Cached and cold</summary>
        ${line('Cached', w.cached)} ${line('Cold', w.cold)}
      </details>`
    }
  </div>`;
}

const routeOf = (e: EndpointStatus) => `${e.method} ${e.path}`;
const measured = (e: EndpointStatus) => STATUS_WINDOWS.some((w) => e.windows[w].all.requests > 0);

function endpointsSection(endpoints: readonly EndpointStatus[]): Html {
  const busy = endpoints.filter(measured);
  const idle = endpoints.filter((e) => !measured(e));
  const rows = busy.map((e) => [
    html`<div><code>${routeOf(e)}</code><br /><small>${e.id}</small></div>`,
    ...STATUS_WINDOWS.map((w) => endpointCell(e, w)),
    latencyChart(e.chart, routeOf(e), `latency-chart-${e.id}`),
  ]);
  return html`<h2 id="endpoints">Endpoints</h2>
    ${
      busy.length > 0
        ? table(
            'Availability and latency of each endpoint with requests',
            ['Endpoint', ...STATUS_WINDOWS.map((w) => WINDOW_TITLES[w]), 'Latency, 24 hours'],
            rows,
          )
        : html`<p data-testid="no-traffic">No traffic measured yet.</p>`
    }
    ${
      idle.length > 0 &&
      html`<details data-testid="idle-endpoints">
        <summary>
          ${formatCount(idle.length)} ${idle.length === 1 ? 'endpoint' : 'endpoints'} with no
          traffic measured yet
        </summary>
        <ul>
          ${idle.map((e) => html`<li><code>${routeOf(e)}</code></li>`)}
        </ul>
      </details>`
    }`;
}

function state(s: UpstreamState): Html {
  const { text, colour } = STATES[s];
  return html`<span data-state="${s}"
    ><svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true" focusable="false">
      <circle cx="6" cy="6" r="5" fill="${colour}" /></svg
    >&nbsp;<strong>${text}</strong></span
  >`;
}

function lastError(error: UpstreamStatus['last_error']): Html {
  return error === null ? html`None` : html`<code>${error.class}</code><br />${when(error.at)}`;
}

/** An upstream with calls in one of the windows. */
const called = (u: UpstreamStatus) => STATUS_WINDOWS.some((w) => u.windows[w].requests > 0);

function upstreamsSection(upstreams: readonly UpstreamStatus[]): Html {
  if (upstreams.length === 0) return html``;
  const busy = upstreams.filter(called);
  const idle = upstreams.filter((u) => !called(u));
  const rows = busy.map((u) => [
    html`<div><strong>${u.name}</strong></div>`,
    state(u.state),
    ...STATUS_WINDOWS.map(
      (w) => html`<div data-testid="upstream-${u.name}-${w}">${figures(u.windows[w])}</div>`,
    ),
    html`${formatCount(u.refused_1h)}`,
    html`<div>${lastError(u.last_error)}</div>`,
    latencyChart(u.chart, `Upstream ${u.name}`, `upstream-latency-chart-${u.name}`),
  ]);
  return html`<h2 id="upstreams">Sources</h2>
    <p>
      The registers and services the endpoints call. Their state is from their calls of the last few
      minutes, or without calls from their circuit breaker; availability counts timeouts, network
      errors, 429 and 5xx answers and calls the open circuit breaker refused as failures.
    </p>
    ${
      busy.length > 0 &&
      table(
        'State, availability and latency of each source with calls',
        [
          'Source',
          'State',
          ...STATUS_WINDOWS.map((w) => WINDOW_TITLES[w]),
          'Refused, last hour',
          'Last error',
          'Latency, 24 hours',
        ],
        rows,
      )
    }
    ${
      idle.length > 0 &&
      html`<p>No calls measured yet:</p>
        <ul data-testid="idle-upstreams">
          ${idle.map((u) => html`<li><strong>${u.name}</strong>: ${state(u.state)}</li>`)}
        </ul>`
    }`;
}

/**
 * `GET /status`: what this deployment measured, for anyone, without a key and without any
 * account's data. Server-rendered in the dashboard's frame and stylesheets; no script is needed
 * (the charts are SVG), so it reads the same under the strict CSP.
 */
export function statusPage(report: StatusReport): string {
  const overall = OVERALL[report.overall];
  const troubled = report.upstreams.filter((u) => u.state === 'degraded' || u.state === 'down');
  return page({
    title: 'Status',
    current: '/status',
    body: html`<p class="${overall.css}" data-testid="overall" data-overall="${report.overall}">
        <strong>${overall.text}</strong>
        ${troubled.map((u) => html` ${u.name}: ${STATES[u.state].text.toLowerCase()}.`)}
      </p>
      <p>
        Measured ${when(report.generated_at)} from this deployment's own answers. The same as JSON:
        <a href="/status.json">/status.json</a>. <a href="/">API home</a> ·
        <a href="/dashboard">Dashboard</a>
      </p>
      ${endpointsSection(report.endpoints)} ${upstreamsSection(report.upstreams)}
      ${incidentsSection(report)} ${datasetsSection(report.datasets)}`,
  }).text;
}
