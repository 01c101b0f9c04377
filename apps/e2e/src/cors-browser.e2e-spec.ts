import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { browserTestsRun, launchChromium } from './support/browser.js';
import { PROFILES, startStack, type Stack } from './support/stack.js';

// Issue 18, acceptance: a page of another origin calls the API with a key restricted to that
// origin and gets its answers; the same page on a third origin is refused.
const ADMIN_TOKEN = 'test-admin-token-cors-browser-0123';
const SEARCH = '/v1/cbs/sbi/search?q=bakkerij';
/** A recorded PDOK answer: the sandbox serves it to a test key (docs/sandbox.md). */
const SUGGEST = '/v1/kadaster/bag/address-suggest?q=Westeringlaan%2018&limit=5';

/**
 * The customer's widget: calls SBI search with a live key and address suggest with a test key
 * (both sent in X-Api-Key, so the browser sends a preflight first), and writes what it could
 * read of each answer into the page: status, problem code, two exposed headers.
 */
function widget(api: string, live: string, test: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Address widget</title></head>
<body><output id="result">pending</output>
<script>
async function probe(path, key) {
  try {
    const res = await fetch(${JSON.stringify(api)} + path, { headers: { 'X-Api-Key': key } });
    const body = await res.json();
    const size = (body.results ?? body.suggestions ?? []).length;
    return [res.status, body.code ?? 'ok:' + size, res.headers.get('X-Credits-Charged'),
      res.headers.get('X-Sandbox')].join(' ');
  } catch (error) {
    return 'failed ' + error.name;
  }
}
Promise.all([probe(${JSON.stringify(SEARCH)}, ${JSON.stringify(live)}),
             probe(${JSON.stringify(SUGGEST)}, ${JSON.stringify(test)})]).then((results) => {
  document.getElementById('result').textContent = results.join(' | ');
  document.body.dataset.done = 'true';
});
</script></body></html>`;
}

/** A web server on a port of its own (so an origin of its own) that serves `html` at `/`. */
async function site(html: string): Promise<{ origin: string; server: Server }> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

const describeBrowser = browserTestsRun() ? describe.each(PROFILES) : describe.skip.each(PROFILES);

describeBrowser('a widget on a customer site in headless Chromium (%s)', (profile) => {
  let api: Stack;
  let browser: Browser;
  const servers: Server[] = [];
  beforeAll(async () => {
    api = await startStack(profile, { env: { ADMIN_TOKEN } });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    for (const server of servers) await new Promise((resolve) => server.close(resolve));
    await api?.close();
  });

  /** What the widget on `origin` reports once both its calls are done. */
  async function runWidget(origin: string): Promise<string[]> {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto(`${origin}/`);
      await page.waitForSelector('body[data-done="true"]');
      return ((await page.locator('#result').textContent()) ?? '').split(' | ');
    } finally {
      await context.close();
    }
  }

  it('should answer the widget on the allowed origin and refuse it on a third origin, uncharged', async () => {
    const { accountId, key: live } = await api.account({ tier: 'paid', credits: 10 });
    const { key: test } = await api.accounts.createKey(accountId, 'widget', 'test');
    const html = widget(api.url, live, test);
    const shop = await site(html);
    const copycat = await site(html);
    servers.push(shop.server, copycat.server);
    expect(shop.origin).not.toBe(copycat.origin);

    for (const info of await api.accounts.listKeys(accountId)) {
      const res = await fetch(`${api.url}/admin/keys/${info.id}/allowed-origins`, {
        method: 'PUT',
        headers: { 'x-admin-token': ADMIN_TOKEN, 'content-type': 'application/json' },
        body: JSON.stringify({ allowed_origins: [shop.origin] }),
      });
      expect(res.status).toBe(200);
    }

    const [search, suggest] = await runWidget(shop.origin);
    expect(search).toMatch(/^200 ok:[1-9]\d* 0\.10 $/);
    expect(suggest).toMatch(/^200 ok:[1-9]\d* \S* true$/);
    const balance = (await api.accounts.getAccount(accountId)).balance;
    expect(balance).toBe(1_000 - 10);

    expect(await runWidget(copycat.origin)).toEqual([
      '403 origin_not_allowed  ',
      '403 origin_not_allowed  ',
    ]);
    expect((await api.accounts.getAccount(accountId)).balance).toBe(balance);
  });
});
