import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium, type Browser, type Page } from 'playwright-core';

/** Debian's Chromium, or the one CHROMIUM_PATH names. */
export const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

/**
 * Whether the browser tests (the dashboard's, the CORS widget's) run: always where Chromium is
 * installed; `.ci/run` requires them (DASHBOARD_BROWSER_TEST=required), so a CI machine
 * without a browser fails instead of skipping.
 */
export function browserTestsRun(): boolean {
  const available = existsSync(CHROMIUM);
  if (!available && process.env['DASHBOARD_BROWSER_TEST'] !== 'required') {
    process.stderr.write(
      `browser tests skipped: no Chromium at ${CHROMIUM} (apt-get install chromium)\n`,
    );
    return false;
  }
  return true;
}

/** Headless Chromium with nothing that would reach beyond this machine. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

let axeSource: string | undefined;

/**
 * The page's accessibility violations by axe-core (WCAG 2.1 A and AA rules), as
 * "rule: n nodes". Run through the DevTools protocol, which the page's CSP does not govern.
 */
export async function accessibilityViolations(page: Page): Promise<string[]> {
  axeSource ??= readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  await page.evaluate(axeSource);
  return page.evaluate(`axe
    .run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } })
    .then((r) => r.violations.map((v) => v.id + ': ' + v.nodes.length + ' nodes'))`);
}

/** How far the page is wider than the window, in CSS pixels (0: no sideways scrolling). */
export function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate('document.scrollingElement.scrollWidth - window.innerWidth');
}

/** Resolves after the browser has laid out and painted twice (a resize has been handled). */
export function afterTwoFrames(page: Page): Promise<void> {
  return page.evaluate(
    'new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))',
  );
}

/** The two sizes pages are checked at: a desktop's and a phone's. */
export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

/** What goes wrong on the page, as it happens: console errors, failed requests, 4xx and 5xx. */
export function problemsOf(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`${m.text()} ${m.location().url}`);
  });
  page.on('pageerror', (e) => problems.push(e.message));
  page.on('response', (r) => {
    if (r.status() >= 400) problems.push(`${r.status()} ${r.url()}`);
  });
  page.on('requestfailed', (r) => problems.push(`${r.url()} ${r.failure()?.errorText}`));
  return problems;
}
