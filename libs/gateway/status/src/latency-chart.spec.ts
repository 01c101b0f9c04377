import { CHART_BOX, latencyChart, pathOf, periodOf, plot, scaleTop } from './latency-chart.js';
import type { ChartPoint, LatencyChart } from './status-report.js';

const { left, right, top, bottom } = CHART_BOX;

const point = (hour: number, p50: number | null, p95: number | null): ChartPoint => ({
  at: `2026-11-28T${String(hour).padStart(2, '0')}:00:00.000Z`,
  requests: p50 === null ? 0 : 1,
  p50_ms: p50,
  p95_ms: p95,
});

/** Every `x y` pair of a path's commands. */
const pairsOf = (d: string) =>
  [...d.matchAll(/[ML]([\d.]+) ([\d.]+)/g)].map((m) => [Number(m[1]), Number(m[2])]);

describe('latency chart', () => {
  describe(scaleTop.name, () => {
    it.each([
      [0, 1],
      [0.4, 0.5],
      [1, 1],
      [1.2, 2],
      [230, 250],
      [340, 500],
      [5000, 5000],
      [5001, 10_000],
    ])('should put the top of a scale for %p at %p', (value, expected) => {
      expect(scaleTop(value)).toBe(expected);
    });
  });

  describe(plot.name, () => {
    it('should spread the periods from left to right by time, and values from 0 to the top', () => {
      const points = [point(0, 0, 0), point(12, 50, 100), point(23, 100, 200)];
      const sut = plot(points, (p) => p.p50_ms, 100);
      expect(sut).toEqual([
        { x: left, y: bottom },
        { x: Math.round((left + (12 / 23) * (right - left)) * 10) / 10, y: (top + bottom) / 2 },
        { x: right, y: top },
      ]);
    });

    it('should leave a period without requests unplotted, and put a lone one in the middle', () => {
      expect(plot([point(1, null, null), point(2, 10, 20)], (p) => p.p95_ms, 20)).toEqual([
        null,
        { x: right, y: top },
      ]);
      expect(plot([point(5, 10, 20)], (p) => p.p50_ms, 20)).toEqual([
        { x: (left + right) / 2, y: (top + bottom) / 2 },
      ]);
    });
  });

  describe(pathOf.name, () => {
    it('should lift the pen over a gap', () => {
      expect(pathOf([{ x: 1, y: 2 }, { x: 3, y: 4 }, null, { x: 5, y: 6 }])).toBe('M1 2 L3 4 M5 6');
    });
  });

  describe(periodOf.name, () => {
    it('should name the period in words', () => {
      expect([periodOf(3600), periodOf(300), periodOf(7200), periodOf(45)]).toEqual([
        'per hour',
        'per 5 minutes',
        'per 2 hours',
        'per 45 seconds',
      ]);
    });
  });

  describe(latencyChart.name, () => {
    const chart: LatencyChart = {
      step_seconds: 3600,
      points: [point(14, null, null), point(15, 120, 340), point(16, 60, 250)],
    };

    it('should be an image with a description, the scale, and each series as a line with points', () => {
      const sut = latencyChart(chart, 'GET /v1/x', 'latency-chart-x').text;
      expect(sut).toContain('role="img"');
      expect(sut).toContain('data-testid="latency-chart-x"');
      const label =
        'GET /v1/x: p50 and p95 latency per hour over the last 24 hours; 2 requests in 2 of 3 periods, highest p95 340\u00a0ms.';
      expect(sut).toContain(`aria-label="${label}"`);
      expect(sut).toContain(`<title>${label}</title>`);
      // The highest value, 340 ms, under a scale up to 500 ms.
      expect(sut).toContain('>500\u00a0ms</text>');
      const p95 = /data-series="p95">\s*<path\s+d="([^"]+)"/.exec(sut)?.[1] as string;
      const y = (ms: number) => Math.round((bottom - (ms / 500) * (bottom - top)) * 10) / 10;
      expect(pairsOf(p95)).toEqual([
        [(left + right) / 2, y(340)],
        [right, y(250)],
      ]);
      expect(sut.match(/<circle /g)).toHaveLength(4);
      expect(sut).toContain('>14:00</text>');
      expect(sut).toContain('>16:00 UTC</text>');
    });

    it('should say there were no requests rather than draw an empty scale', () => {
      const sut = latencyChart(
        { step_seconds: 3600, points: [point(1, null, null)] },
        'GET /v1/y',
        'c',
      ).text;
      expect(sut).toContain('No requests in 24 h');
      expect(sut).toContain('no requests in that time.');
      expect(sut).not.toContain('<circle');
    });
  });
});
