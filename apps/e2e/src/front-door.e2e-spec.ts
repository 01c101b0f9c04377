import { ENDPOINT_CATALOG } from '@nl/contracts-catalog';
import { openApiPath } from '@nl/contracts-core';
import { BASE_URL_PLACEHOLDER, DISCOVERY_LINKS, LLMS_DIR } from '@nl/gateway-discovery';
import { readFile } from 'node:fs/promises';
import { jsonOf, startStack, type Stack } from './support/stack.js';

// The front door: `/` as a page and as JSON, robots.txt and the llms files, free and without a
// key, with absolute links at the configured public base URL.
const BASE = 'https://api.example.test';
const TEXT = 'text/plain; charset=utf-8';
const committed = (name: string) =>
  readFile(new URL(`../../../${LLMS_DIR}/${name}`, import.meta.url), 'utf8');

/** Every link target of a markdown text: `[text](target)`. */
const linksOf = (text: string) => [...text.matchAll(/\]\(([^)]+)\)/g)].map((m) => m[1]);

describe('the front door', () => {
  let api: Stack;
  let ledgerRows: () => Promise<number>;
  beforeAll(async () => {
    api = await startStack('standalone', { env: { PUBLIC_BASE_URL: BASE } });
    ledgerRows = async () =>
      Number(
        ((await api.db.query('SELECT count(*) AS n FROM gw.credit_ledger')) as { n: string }[])[0]
          .n,
      );
  });
  afterAll(() => api?.close());

  it('should serve / as a page with the links of the front door, under the dashboard CSP', async () => {
    const res = await api.fetch('/', { headers: { accept: 'text/html' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('content-security-policy')).toMatch(/default-src 'none'/);
    expect(res.headers.get('vary')).toMatch(/accept/i);
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    const page = await res.text();
    expect(page).toMatch(/<title>NL Data API[^<]*<\/title>/);
    expect(page).toContain('<link rel="icon" href="/favicon.ico"');
    for (const link of DISCOVERY_LINKS) expect(page).toContain(`href="${link.path}"`);
    expect(page).toContain('x402');
    expect(page).toContain(`${ENDPOINT_CATALOG.length} endpoints`);
    // The icon it names is there.
    expect((await api.fetch('/favicon.ico')).status).toBe(200);
  });

  it('should answer / as JSON for Accept: application/json, with absolute links', async () => {
    const res = await api.fetch('/', { headers: { accept: 'application/json' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const body = await jsonOf(res);
    expect(body).toMatchObject({
      name: 'NL Data API',
      endpoints: ENDPOINT_CATALOG.length,
      x402: false, // X402_PAY_TO is not set
    });
    expect(body.description).toMatch(/Dutch public-register data/);
    expect(body.links.map((l: { href: string }) => l.href)).toEqual(
      DISCOVERY_LINKS.map((l) => `${BASE}${l.path}`),
    );
    // A browser's Accept gets the page.
    const browser = await api.fetch('/', {
      headers: { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' },
    });
    expect(browser.headers.get('content-type')).toMatch(/^text\/html/);
  });

  it('should answer HEAD / without a body, and 304 to its ETag', async () => {
    const head = await api.fetch('/', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await head.text()).toBe('');
    const etag = (await api.fetch('/')).headers.get('etag') as string;
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    expect((await api.fetch('/', { headers: { 'if-none-match': etag } })).status).toBe(304);
  });

  it('should serve robots.txt: the docs and discovery files open, the rest closed', async () => {
    const res = await api.fetch('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(TEXT);
    const lines = (await res.text()).split('\n');
    for (const path of ['/docs', '/openapi.json', '/llms.txt', '/llms-full.txt'])
      expect(lines).toContain(`Allow: ${path}`);
    for (const path of ['/dashboard', '/admin', '/v1/'])
      expect(lines).toContain(`Disallow: ${path}`);
    expect(lines).toContain(`# ${BASE}/llms.txt`);
  });

  it('should serve llms.txt in the llmstxt.org shape, one line per endpoint, links absolute', async () => {
    const res = await api.fetch('/llms.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(TEXT);
    expect(res.headers.get('etag')).toBeTruthy();
    const text = await res.text();
    expect(text).toMatch(/^# NL Data API\n\n> \S.*\n/);
    expect(text).toContain('\n## Documents\n');
    expect(text).not.toContain(BASE_URL_PLACEHOLDER);
    for (const endpoint of ENDPOINT_CATALOG)
      expect(text).toContain(`- [${endpoint.method} ${openApiPath(endpoint.paths[0])}](`);
    const links = linksOf(text);
    expect(links.filter((l) => !l.startsWith(`${BASE}/`))).toEqual([]);
    for (const path of [
      '/openapi.json',
      '/asyncapi.json',
      '/docs',
      '/llms-full.txt',
      '/mcp',
      '/dashboard',
    ])
      expect(links).toContain(`${BASE}${path}`);
    expect(text).toContain('MCP (Streamable HTTP) at /mcp');
    expect(text).toContain('nlk_test_');
    expect(text).toContain('X-Api-Key');
  });

  it('should serve llms-full.txt with a curl example and an example answer per endpoint', async () => {
    const res = await api.fetch('/llms-full.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(TEXT);
    const text = await res.text();
    expect(text).not.toContain(BASE_URL_PLACEHOLDER);
    const sections = text.split('\n### ').slice(1);
    expect(sections).toHaveLength(ENDPOINT_CATALOG.length);
    for (const [i, endpoint] of ENDPOINT_CATALOG.entries()) {
      const section = sections[i];
      const example = endpoint.sandbox?.examples[0];
      expect(section).toContain(`(operation \`${endpoint.id}\``);
      expect(section).toContain(`Price per successful call: `);
      if (!example || endpoint.planned) continue;
      const curl = section.split('\n').find((l) => l.startsWith('curl '));
      expect([endpoint.id, curl]).toEqual([
        endpoint.id,
        expect.stringContaining(`"X-Api-Key: $NL_TEST_KEY"`),
      ]);
      expect(curl).toContain(`'${BASE}${example.path.replace(/'/g, `'\\''`)}'`);
      const answer = /Example answer \(HTTP (\d+)[^]*?```json\n([^]*?)\n```/.exec(section);
      expect([endpoint.id, answer?.[1]]).toEqual([endpoint.id, '200']);
      expect(() => JSON.parse(answer?.[2] ?? '')).not.toThrow();
    }
  });

  it('should serve the committed files with only the base URL filled in', async () => {
    for (const name of ['llms.txt', 'llms-full.txt']) {
      const served = await (await api.fetch(`/${name}`)).text();
      expect(served === (await committed(name)).replaceAll(BASE_URL_PLACEHOLDER, BASE)).toBe(true);
    }
  });

  it('should have cost nothing: no key, no ledger row', async () => {
    const before = await ledgerRows();
    for (const path of ['/', '/llms.txt', '/llms-full.txt', '/robots.txt']) {
      const res = await api.fetch(path);
      expect([path, res.status, res.headers.get('x-credits-charged')]).toEqual([path, 200, null]);
    }
    expect(await ledgerRows()).toBe(before);
  });
});

describe('the front door behind a trusted proxy, without PUBLIC_BASE_URL', () => {
  let api: Stack;
  beforeAll(async () => {
    api = await startStack('standalone', { env: { TRUSTED_PROXIES: 'loopback' } });
  });
  afterAll(() => api?.close());

  const forwarded = (host: string) => ({ 'x-forwarded-proto': 'https', 'x-forwarded-host': host });

  it('should link at the host the proxy forwarded, for each host it forwards', async () => {
    for (const host of ['a.example.test', 'b.example.test', 'a.example.test']) {
      const llms = await (await api.fetch('/llms.txt', { headers: forwarded(host) })).text();
      expect(linksOf(llms).filter((l) => !l.startsWith(`https://${host}/`))).toEqual([]);
      const index = await jsonOf(
        await api.fetch('/', { headers: { accept: 'application/json', ...forwarded(host) } }),
      );
      expect(index.links[0].href).toBe(`https://${host}/docs`);
      const robots = await (await api.fetch('/robots.txt', { headers: forwarded(host) })).text();
      expect(robots).toContain(`# https://${host}/llms.txt`);
    }
  });
});
