import { STATUS_WINDOWS, type LatencyFigures, type StatusReport } from '@nl/gateway-status';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import {
  accessibilityViolations,
  afterTwoFrames,
  browserTestsRun,
  DESKTOP,
  horizontalOverflow,
  launchChromium,
  PHONE,
  problemsOf,
} from './support/browser.js';
import { PROFILES, startStack, type Stack } from './support/stack.js';

// The public status page as a visitor sees it, in Chromium at a desktop's and a phone's size:
// after a few real calls it shows them, with the same figures as /status.json. With
// SCREENSHOTS_DIR set it is photographed at both sizes.
const LOOKUP = '/v1/cbs/sbi/6210';
const ENDPOINT = 'cbs.sbi.lookup';
const CALLS = 3;
const SCREENSHOTS = process.env['SCREENSHOTS_DIR'];
/** How long the measurements may take to reach /status.json (they are flushed every second here). */
const MEASURED_WITHIN_MS = 20_000;

const describeBrowser = browserTestsRun() ? describe.each(PROFILES) : describe.skip.each(PROFILES);

async function statusJson(api: Stack): Promise<StatusReport> {
  const res = await api.fetch('/status.json');
  expect(res.status).toBe(200);
  return (await res.json()) as StatusReport;
}

const figuresOf = (report: StatusReport) =>
  report.endpoints.find((e) => e.id === ENDPOINT)?.windows;

/** /status.json once it counts at least `calls` answers of the endpoint in the last hour. */
async function reportShowing(api: Stack, calls: number): Promise<StatusReport> {
  const since = Date.now();
  for (;;) {
    const report = await statusJson(api);
    const hour = figuresOf(report)?.['1h'].all;
    if (hour && hour.requests >= calls) return report;
    if (Date.now() - since > MEASURED_WITHIN_MS)
      throw new Error(`/status.json shows ${JSON.stringify(hour)}, not ${calls} calls`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * The page's figures of one window of the endpoint, as the JSON has them: a `<data>` element's
 * value, or null where the page shows a dash.
 */
function pageFigures(page: Page, window: string): Promise<Record<string, number | null>> {
  return page
    .getByTestId(`endpoint-${ENDPOINT}-${window}`)
    .locator('[data-figure]')
    .evaluateAll((elements) =>
      Object.fromEntries(
        elements.map((e) => [
          e.getAttribute('data-figure'),
          e.hasAttribute('value') ? Number(e.getAttribute('value')) : null,
        ]),
      ),
    );
}

const expected = (f: LatencyFigures) => ({
  requests: f.requests,
  availability: f.availability,
  p50: f.p50_ms,
  p95: f.p95_ms,
});

describeBrowser('the status page in headless Chromium (%s)', (profile) => {
  let api: Stack;
  let browser: Browser;
  beforeAll(async () => {
    api = await startStack(profile, { env: { STATUS_FLUSH_SECONDS: '1' } });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await api?.close();
  });

  it('should show calls just made, with the figures of /status.json, a chart, and nothing of the account', async () => {
    const { key, accountId } = await api.account({ tier: 'paid', credits: 50 });
    for (let i = 0; i < CALLS; i++)
      expect((await api.get(LOOKUP, { 'x-api-key': key })).status).toBe(200);
    let report = await reportShowing(api, CALLS);

    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    const problems = problemsOf(page);
    // Reported by the browser as an event; the init script runs outside the page's CSP.
    await page.addInitScript(
      "document.addEventListener('securitypolicyviolation', (e) => console.error('CSP violation: ' + e.violatedDirective + ' ' + e.blockedURI))",
    );
    // The figures may still move while a flush lands: compare the page with a report that was
    // the same just before and just after it was loaded.
    let answer = await page.goto(`${api.url}/status`);
    for (let tries = 0; ; tries++) {
      const after = await statusJson(api);
      if (JSON.stringify(figuresOf(after)) === JSON.stringify(figuresOf(report))) break;
      expect(tries).toBeLessThan(5);
      report = after;
      answer = await page.goto(`${api.url}/status`);
    }
    expect(answer?.status()).toBe(200);
    expect(answer?.headers()['content-type']).toBe('text/html; charset=utf-8');
    expect(answer?.headers()['content-security-policy']).toMatch(/default-src 'none'/);
    await expect(page.title()).resolves.toBe('Status · NL Data API');

    const windows = figuresOf(report);
    expect(windows?.['1h'].all.requests).toBeGreaterThanOrEqual(CALLS);
    for (const window of STATUS_WINDOWS)
      expect([window, await pageFigures(page, window)]).toEqual([
        window,
        expected(windows?.[window].all as LatencyFigures),
      ]);
    await expect(page.getByTestId('overall').getAttribute('data-overall')).resolves.toBe(
      report.overall,
    );
    const html = await page.content();
    expect(html).not.toContain(key.slice(0, 15));
    expect(html).not.toContain(accountId);

    const violations = await accessibilityViolations(page);
    const overflow: Record<number, number> = {};
    const charts: Record<number, { width: number; height: number } | null> = {};
    const chart = page.getByTestId(`latency-chart-${ENDPOINT}`);
    for (const size of [DESKTOP, PHONE]) {
      await page.setViewportSize(size);
      await afterTwoFrames(page);
      overflow[size.width] = await horizontalOverflow(page);
      await chart.scrollIntoViewIfNeeded();
      await expect(chart.isVisible()).resolves.toBe(true);
      charts[size.width] = await chart.boundingBox();
      if (SCREENSHOTS && profile === 'standalone') {
        mkdirSync(SCREENSHOTS, { recursive: true });
        await page.screenshot({
          path: join(SCREENSHOTS, `status-${size.width}.png`),
          fullPage: true,
        });
      }
    }
    for (const box of Object.values(charts)) {
      expect(box?.width).toBeGreaterThan(100);
      expect(box?.height).toBeGreaterThan(30);
    }
    // The calls are in the last hour's period: at least that one is plotted, for p50 and p95.
    await expect(chart.locator('[data-series="p50"] circle').count()).resolves.toBeGreaterThan(0);
    await expect(chart.locator('[data-series="p95"] circle').count()).resolves.toBeGreaterThan(0);
    await expect(chart.getAttribute('aria-label')).resolves.toMatch(/^GET \/v1\/cbs\/sbi\//);

    for (const [name, path] of [
      ['/status.json', '/status.json'],
      ['API home', '/'],
      ['Dashboard', '/dashboard'],
    ])
      await expect(
        page.getByRole('link', { name, exact: true }).getAttribute('href'),
      ).resolves.toBe(path);
    await page.getByRole('link', { name: '/status.json', exact: true }).click();
    await page.waitForURL('**/status.json');

    expect(problems).toEqual([]);
    expect(violations).toEqual([]);
    expect(overflow[PHONE.width]).toBe(0);
    await context.close();
  });
});
