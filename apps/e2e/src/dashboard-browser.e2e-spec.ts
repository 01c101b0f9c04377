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
import { unusedVatNumber } from './support/vat-numbers.js';

// The dashboard as a customer uses it, in Chromium at a desktop's and a phone's size. With
// SCREENSHOTS_DIR set (`npm run screenshots`) every page is photographed at both sizes.
const LOOKUP = '/v1/cbs/sbi/6210';
const SCREENSHOTS = process.env['SCREENSHOTS_DIR'];
/** How long the usage chart is watched for growing (it once grew without end). */
const CHART_WATCH_MS = 10_000;

const describeBrowser = browserTestsRun() ? describe.each(PROFILES) : describe.skip.each(PROFILES);

describeBrowser('the dashboard in headless Chromium (%s)', (profile) => {
  let api: Stack;
  let browser: Browser;
  beforeAll(async () => {
    api = await startStack(profile, { env: { BATCH_RETRY_DELAY_MS: '60000' } });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await api?.close();
  });

  const inaccessible: string[] = [];
  const overflowing: string[] = [];

  /**
   * Every page is checked by axe-core (no WCAG 2.1 AA violation may remain) and for sideways
   * overflow at a phone's width, and, with SCREENSHOTS_DIR set, photographed at both sizes
   * (the standalone profile's run).
   */
  async function shoot(page: Page, name: string) {
    for (const v of await accessibilityViolations(page)) inaccessible.push(`${name}: ${v}`);
    for (const size of [PHONE, DESKTOP]) {
      await page.setViewportSize(size);
      await afterTwoFrames(page);
      const overflow = await horizontalOverflow(page);
      if (size === PHONE && overflow > 0) overflowing.push(`${name}: ${overflow} px too wide`);
      if (SCREENSHOTS && profile === 'standalone') {
        mkdirSync(SCREENSHOTS, { recursive: true });
        const path = join(SCREENSHOTS, `${name}-${size.width}.png`);
        await page.screenshot({ path, fullPage: true });
      }
    }
  }

  /** The chart's height in CSS pixels, after the chart was drawn. */
  const chartHeight = (page: Page): Promise<number | undefined> =>
    page.evaluate("document.getElementById('usage-chart')?.getBoundingClientRect().height");

  it('should sign in, create a key and call with it, see the call in usage, revoke it, sign out', async () => {
    const { key, accountId } = await api.account({ tier: 'paid', credits: 50 });
    const context = await browser.newContext({ viewport: DESKTOP });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: api.url });
    const page = await context.newPage();
    const problems = problemsOf(page);

    // The checker itself works: it finds an image without alternative text.
    await page.setContent(
      '<!doctype html><html lang="en"><title>t</title><main><img src="data:,"></main></html>',
    );
    await expect(accessibilityViolations(page)).resolves.toContain('image-alt: 1 nodes');

    await page.goto(`${api.url}/dashboard`);
    expect(new URL(page.url()).pathname).toBe('/dashboard/sign-in');
    await shoot(page, 'sign-in');
    await page.getByLabel('API key').fill(key);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/dashboard/overview');
    await expect(page.getByTestId('balance').textContent()).resolves.toBe('50.00 credits');
    await shoot(page, 'overview');

    // Create a live key; its secret is on the page after the redirect, with a copy button.
    await page.getByRole('link', { name: 'API keys' }).click();
    await page.getByLabel('Name (optional)').fill('browser test');
    await page.getByRole('button', { name: 'Create key' }).click();
    await page.waitForURL('**/dashboard/keys/created');
    const secret = (await page.getByTestId('secret').textContent()) as string;
    expect(secret).toMatch(/^nlk_live_[A-Za-z0-9]{32}$/);
    await page.getByRole('button', { name: 'Copy the key' }).click();
    // The status is written once the clipboard has answered: wait for it rather than race it.
    await page.locator('.copied', { hasText: /\S/ }).waitFor();
    await expect(page.locator('.copied').textContent()).resolves.toBe('Copied.');
    await expect(page.evaluate('navigator.clipboard.readText()')).resolves.toBe(secret);
    await shoot(page, 'key-created');
    // A reload shows the page again without the secret, and makes no second key.
    await page.reload();
    await expect(page.getByTestId('secret').count()).resolves.toBe(0);
    await expect(page.locator('main').textContent()).resolves.toContain('is shown only once');
    expect(await api.accounts.listKeys(accountId)).toHaveLength(2);
    await shoot(page, 'key-secret-gone');

    expect((await api.get(LOOKUP, { 'x-api-key': secret })).status).toBe(200);

    // The call in usage: the table (by the endpoint's public path) and the chart.
    await page.getByRole('link', { name: 'Back to your keys' }).click();
    await page.getByRole('link', { name: 'Usage' }).click();
    await expect(page.locator('table').textContent()).resolves.toContain('GET /v1/cbs/sbi/:code');
    await page.waitForSelector('canvas[data-drawn="true"]');
    // The chart keeps its height at both sizes (a phone-sized page of the same session beside).
    const phone = await context.newPage();
    await phone.setViewportSize(PHONE);
    await phone.goto(page.url());
    await phone.waitForSelector('canvas[data-drawn="true"]');
    const before = [await chartHeight(page), await chartHeight(phone)];
    await page.waitForTimeout(CHART_WATCH_MS);
    const after = [await chartHeight(page), await chartHeight(phone)];
    expect({ before, after }).toEqual({ before, after: before });
    expect(before.every((h) => h !== undefined && h > 150 && h < 400)).toBe(true);
    await phone.close();
    await shoot(page, 'usage');
    const csv = await page.request.get(`${api.url}/dashboard/usage.csv`);
    expect(await csv.text()).toMatch(
      /^day,endpoint,calls,credits,route\r\n\d{4}-\d\d-\d\d,cbs\.sbi\.lookup,1,0\.10,GET \/v1\/cbs\/sbi\/:code\r\n/,
    );

    await page.getByRole('link', { name: 'Limits and prices' }).click();
    await expect(page.locator('table').textContent()).resolves.toContain('/v1/cbs/sbi/');
    await shoot(page, 'limits');
    await page.getByRole('link', { name: 'Pay per request (x402)' }).click();
    await expect(page.getByTestId('x402-off').isVisible()).resolves.toBe(true);
    await shoot(page, 'x402');

    // Revoke the new key, with confirmation; the next call with it is refused.
    await page.getByRole('link', { name: 'API keys' }).click();
    await expect(page.getByRole('columnheader', { name: 'Actions' }).count()).resolves.toBe(1);
    await shoot(page, 'keys');
    const row = page.locator('tr', { hasText: `${secret.slice(0, 15)}…` });
    await row.getByRole('link', { name: 'Revoke…' }).click();
    await shoot(page, 'revoke');
    await page.getByRole('button', { name: 'Revoke the key' }).click();
    await page.waitForURL('**/dashboard/keys');
    await expect(page.getByRole('status').textContent()).resolves.toContain('revoked');
    await expect(row.textContent()).resolves.toContain('revoked');
    expect((await api.get(LOOKUP, { 'x-api-key': secret })).status).toBe(401);

    // The key left is the account's only live key: its revocation is refused, with the reason.
    const [first] = await api.accounts.listKeys(accountId);
    await page
      .locator('tr', { hasText: first.prefix })
      .getByRole('link', { name: 'Revoke…' })
      .click();
    await expect(page.getByTestId('last-live-key').textContent()).resolves.toContain(
      "is your account's only live key",
    );
    await expect(page.getByRole('button', { name: 'Revoke the key' }).count()).resolves.toBe(0);
    await shoot(page, 'revoke-last-key');
    expect(first.revokedAt).toBeNull();

    // Roll it instead: a new secret once, the old one working for the overlap chosen.
    await page.getByRole('link', { name: 'API keys' }).click();
    await page
      .locator('tr', { hasText: first.prefix })
      .getByRole('link', { name: 'Roll…' })
      .click();
    await shoot(page, 'roll');
    await page.getByLabel('The current secret keeps working for').selectOption('3600');
    await page.getByRole('button', { name: 'Roll the key' }).click();
    await page.waitForURL('**/dashboard/keys/created');
    const rolled = (await page.getByTestId('secret').textContent()) as string;
    await expect(page.getByTestId('replaced').textContent()).resolves.toContain(first.prefix);
    await shoot(page, 'key-rolled');
    for (const k of [key, rolled])
      expect((await api.get(LOOKUP, { 'x-api-key': k })).status).toBe(200);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL('**/dashboard/sign-in');
    await expect(page.getByRole('status').textContent()).resolves.toContain('You are signed out.');
    await page.goto(`${api.url}/dashboard/overview`);
    expect(new URL(page.url()).pathname).toBe('/dashboard/sign-in');
    expect(problems).toEqual([]);
    expect(inaccessible).toEqual([]);
    expect(overflowing).toEqual([]);
    await context.close();
  });

  it('should start a batch job from a CSV file through the form, list it and cancel it', async () => {
    const { key } = await api.account({ tier: 'paid', credits: 50 });
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    const problems = problemsOf(page);
    await page.goto(`${api.url}/dashboard/sign-in`);
    await page.getByLabel('API key').fill(key);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/dashboard/overview');
    await page.getByRole('link', { name: 'Batches' }).click();
    await page.waitForURL('**/dashboard/batches');
    await expect(page.getByTestId('no-jobs').isVisible()).resolves.toBe(true);

    // VIES is a closed port here: the items meet a passing failure and wait a minute to be tried
    // again (BATCH_RETRY_DELAY_MS), so the job runs while the test looks at it.
    // A file over the limit is refused before it is sent, saying why.
    const file = page.getByLabel(/^Items: a CSV file/);
    await file.setInputFiles({
      name: 'big.csv',
      mimeType: 'text/csv',
      buffer: Buffer.alloc(4 * 1024 * 1024 + 1, 'a'),
    });
    await expect(
      file.evaluate(
        (input) => (input as HTMLElement & { validationMessage: string }).validationMessage,
      ),
    ).resolves.toBe('The file is over 4 MB: send it through the API (POST /v1/batches).');
    await page.getByLabel('Endpoint').selectOption('validation.vat.check');
    await file.setInputFiles({
      name: 'numbers.csv',
      mimeType: 'text/csv',
      // Numbers no run has used: a shared database keeps earlier answers, which VIES being away
      // would not stop (a stored answer stands in).
      buffer: Buffer.from(`vat_number\n${unusedVatNumber()}\n${unusedVatNumber()}\n`),
    });
    await page.getByRole('button', { name: 'Start the job' }).click();
    await page.waitForURL('**/dashboard/batches');
    await expect(page.getByRole('status').textContent()).resolves.toMatch(
      /^Job bat-[0-9a-f]{24} started: 2 items, 2\.00 credits reserved\.$/,
    );
    await expect(page.getByTestId('job-state').textContent()).resolves.toMatch(/queued|running/);
    const reload = page.getByRole('checkbox', { name: /Reload this page every 5 seconds/ });
    await expect(reload.isChecked()).resolves.toBe(true);
    await shoot(page, 'batches');
    // The page reloads itself while the job runs (the notice was shown once, so it is gone).
    await page.waitForEvent('load', { timeout: 10_000 });
    await expect(page.getByRole('status').count()).resolves.toBe(0);
    await expect(page.getByTestId('job-state').textContent()).resolves.toMatch(/queued|running/);

    await page.getByRole('button', { name: /^Cancel/ }).click();
    await page.waitForURL('**/dashboard/batches');
    await expect(page.getByRole('status').textContent()).resolves.toMatch(/ is cancelled: /);
    await expect(page.getByTestId('job-state').textContent()).resolves.toBe('cancelled');
    await expect(reload.count()).resolves.toBe(0);
    const href = (await page
      .getByRole('link', { name: /^Results/ })
      .getAttribute('href')) as string;
    const results = await page.request.get(`${api.url}${href}`);
    expect((await results.text()).split('\r\n')[0]).toBe(
      'item,state,status,charged,cache,source,input,data,error',
    );
    expect(problems).toEqual([]);
    expect(inaccessible.filter((v) => v.startsWith('batches'))).toEqual([]);
    expect(overflowing.filter((v) => v.startsWith('batches'))).toEqual([]);
    await context.close();
  });

  it('should open the front door: title, links, no console error or CSP violation, llms.txt behind its link', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    const problems = problemsOf(page);
    // Reported by the browser as an event; the init script runs outside the page's CSP.
    await page.addInitScript(
      "document.addEventListener('securitypolicyviolation', (e) => console.error('CSP violation: ' + e.violatedDirective + ' ' + e.blockedURI))",
    );

    await page.goto(`${api.url}/`);
    await expect(page.title()).resolves.toMatch(/^NL Data API/);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
      'NL Data API',
    );
    for (const [name, path] of [
      ['API reference', '/docs'],
      ['OpenAPI document', '/openapi.json'],
      ['AsyncAPI document', '/asyncapi.json'],
      ['llms.txt', '/llms.txt'],
      ['MCP (Streamable HTTP) at /mcp', '/mcp'],
      ['Dashboard', '/dashboard'],
      ['Status', '/status'],
      ['Readiness', '/health/ready'],
      ['Service status', '/status'],
    ])
      await expect(
        page.getByRole('link', { name, exact: true }).getAttribute('href'),
      ).resolves.toBe(path);
    await shoot(page, 'front-door');

    await page.getByRole('link', { name: 'llms.txt', exact: true }).click();
    await page.waitForURL('**/llms.txt');
    await expect(page.locator('body').textContent()).resolves.toMatch(/^# NL Data API\n\n> /);
    expect(problems).toEqual([]);
    expect(inaccessible.filter((v) => v.startsWith('front-door'))).toEqual([]);
    expect(overflowing.filter((v) => v.startsWith('front-door'))).toEqual([]);
    await context.close();
  });
});
