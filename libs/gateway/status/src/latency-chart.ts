import { html, type Html } from '@nl/gateway-dashboard';
import type { ChartPoint, LatencyChart } from './status-report.js';
import { formatCount, formatMs } from './status-format.js';

/**
 * The status page's latency chart: p50 and p95 of each period as two lines, drawn on the server
 * as SVG. It needs no script, so it shows under the strict CSP and with scripts off, and its
 * colours are attributes, not styles. The lines differ in dash as well as colour.
 */

/** The drawing's size in CSS pixels (the viewBox is the same, so one unit is one pixel). */
export const CHART_BOX = { width: 240, height: 84, left: 6, right: 234, top: 16, bottom: 66 };

const P50 = { colour: '#0b5cad', dash: '' };
const P95 = { colour: '#8a5a00', dash: '4 3' };
const MUTED = '#4a5560';
const LINE = '#c9d1d9';

export interface Plotted {
  readonly x: number;
  readonly y: number;
}

/** The smallest of 1, 2, 2.5, 5 times a power of ten that is at least `value`: the scale's top. */
export function scaleTop(value: number): number {
  if (!(value > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 2.5, 5, 10]) if (step * power >= value - 1e-9) return step * power;
  return 10 * power;
}

const timeOf = (p: ChartPoint) => Date.parse(p.at);
const round = (n: number) => Math.round(n * 10) / 10;

/**
 * Where each point of one series goes: x by the point's time between the first and the last
 * period (the middle when there is one), y by its value from 0 at the bottom to `top` at the
 * top. A period without requests has no value and no point, and breaks the line.
 */
export function plot(
  points: readonly ChartPoint[],
  value: (p: ChartPoint) => number | null,
  top: number,
): (Plotted | null)[] {
  const { left, right, bottom } = CHART_BOX;
  const times = points.map(timeOf);
  const first = Math.min(...times);
  const span = Math.max(...times) - first;
  return points.map((p, i) => {
    const v = value(p);
    if (v === null) return null;
    const x = span > 0 ? left + ((times[i] - first) / span) * (right - left) : (left + right) / 2;
    const y = bottom - (Math.min(v, top) / top) * (bottom - CHART_BOX.top);
    return { x: round(x), y: round(y) };
  });
}

/** An SVG path through the plotted points, lifting the pen over the gaps. */
export function pathOf(plotted: readonly (Plotted | null)[]): string {
  const parts: string[] = [];
  let drawing = false;
  for (const p of plotted) {
    if (p === null) {
      drawing = false;
      continue;
    }
    parts.push(`${drawing ? 'L' : 'M'}${p.x} ${p.y}`);
    drawing = true;
  }
  return parts.join(' ');
}

function series(plotted: readonly (Plotted | null)[], style: typeof P50, name: string): Html {
  const dots = plotted.filter((p): p is Plotted => p !== null);
  return html`<g data-series="${name}">
    <path
      d="${pathOf(plotted)}"
      fill="none"
      stroke="${style.colour}"
      stroke-width="1.5"
      ${style.dash ? html`stroke-dasharray="${style.dash}"` : ''}
    />
    ${dots.map((p) => html`<circle cx="${p.x}" cy="${p.y}" r="2" fill="${style.colour}" />`)}
  </g>`;
}

const hhmm = (iso: string) => new Date(iso).toISOString().slice(11, 16);

/** "per hour", "per 5 minutes": how long one period of the chart is. */
export function periodOf(stepSeconds: number): string {
  if (stepSeconds === 3600) return 'per hour';
  if (stepSeconds % 3600 === 0) return `per ${stepSeconds / 3600} hours`;
  if (stepSeconds % 60 === 0) return `per ${stepSeconds / 60} minutes`;
  return `per ${stepSeconds} seconds`;
}

/** What the chart shows, in words, for screen readers and as its tooltip. */
function describe(subject: string, chart: LatencyChart, highest: number | null): string {
  const busy = chart.points.filter((p) => p.requests > 0);
  const requests = busy.reduce((sum, p) => sum + p.requests, 0);
  const what = `${subject}: p50 and p95 latency ${periodOf(chart.step_seconds)} over the last 24 hours`;
  if (highest === null) return `${what}; no requests in that time.`;
  return `${what}; ${formatCount(requests)} requests in ${busy.length} of ${chart.points.length} periods, highest p95 ${formatMs(highest)}.`;
}

/**
 * The chart of one endpoint or upstream. `testId` names it for the browser test; `subject` is
 * what it is a chart of, in words ("GET /v1/cbs/sbi/:code").
 */
export function latencyChart(chart: LatencyChart, subject: string, testId: string): Html {
  const { width, height, left, right, top, bottom } = CHART_BOX;
  const values = chart.points.flatMap((p) =>
    [p.p50_ms, p.p95_ms].filter((v): v is number => v !== null),
  );
  const highest = values.length > 0 ? Math.max(...values) : null;
  const label = describe(subject, chart, highest);
  const first = chart.points[0];
  const last = chart.points[chart.points.length - 1];
  const scale = scaleTop(highest ?? 0);
  return html`<svg
    xmlns="http://www.w3.org/2000/svg"
    viewBox="0 0 ${width} ${height}"
    width="${width}"
    height="${height}"
    class="spark"
    role="img"
    aria-label="${label}"
    data-testid="${testId}"
    font-family="system-ui, sans-serif"
    font-size="10"
  >
    <title>${label}</title>
    <line
      x1="${left}"
      y1="${top}"
      x2="${right}"
      y2="${top}"
      stroke="${LINE}"
      stroke-dasharray="2 2"
    />
    <line x1="${left}" y1="${bottom}" x2="${right}" y2="${bottom}" stroke="${MUTED}" />
    ${
      highest === null
        ? html`<text
            x="${width / 2}"
            y="${(top + bottom) / 2 + 4}"
            text-anchor="middle"
            fill="${MUTED}"
          >
            No requests in 24 h
          </text>`
        : html`<text x="${left}" y="11" fill="${MUTED}">${formatMs(scale)}</text> ${series(
              plot(chart.points, (p) => p.p95_ms, scale),
              P95,
              'p95',
            )}
            ${series(
              plot(chart.points, (p) => p.p50_ms, scale),
              P50,
              'p50',
            )}`
    }
    <g fill="${MUTED}" text-anchor="end">
      <line
        x1="${right - 78}"
        y1="7"
        x2="${right - 64}"
        y2="7"
        stroke="${P50.colour}"
        stroke-width="1.5"
      />
      <text x="${right - 44}" y="11">p50</text>
      <line
        x1="${right - 36}"
        y1="7"
        x2="${right - 20}"
        y2="7"
        stroke="${P95.colour}"
        stroke-width="1.5"
        stroke-dasharray="${P95.dash}"
      />
      <text x="${right}" y="11">p95</text>
    </g>
    ${
      first &&
      html`<g fill="${MUTED}">
        <text x="${left}" y="${height - 4}">${hhmm(first.at)}</text>
        <text x="${right}" y="${height - 4}" text-anchor="end">${hhmm(last.at)} UTC</text>
      </g>`
    }
  </svg>`;
}
