import { AccountsService, KeyRevocations } from '@nl/gateway-access';
import { isEmbedded } from '@nl/gateway-ledger';
import { PLATFORM_CONFIG } from '@nl/platform-config';
import { REAL_SERVERS, silentLogger } from '@nl/testing';
import { PROFILES, jsonOf, msUntilStatus, startStack, type Stack } from './support/stack.js';

// Issue 18, browser callers: CORS for the API and per-key allowed origins.
const ADMIN_TOKEN = 'test-admin-token-cors-0123456789ab';
const SEARCH = '/v1/cbs/sbi/search?q=bakkerij';
const SHOP = 'http://shop.example.nl';
const OTHER = 'https://copycat.example';

describe.each(PROFILES)('CORS and allowed origins (%s)', (profile) => {
  let api: Stack;
  beforeAll(async () => {
    api = await startStack(profile, { env: { ADMIN_TOKEN } });
  });
  afterAll(() => api?.close());

  const admin = { 'x-admin-token': ADMIN_TOKEN, 'content-type': 'application/json' };
  const putOrigins = (keyId: string, body: unknown, url = api.url) =>
    fetch(`${url}/admin/keys/${keyId}/allowed-origins`, {
      method: 'PUT',
      headers: admin,
      body: JSON.stringify(body),
    });

  /** A Paid account with 10 credits and one key, limited to `origins` through the admin API. */
  async function keyFor(origins: string[] | null) {
    const { accountId, key } = await api.account({ tier: 'paid', credits: 10 });
    const [{ id: keyId }] = await api.accounts.listKeys(accountId);
    if (origins) expect((await putOrigins(keyId, { allowed_origins: origins })).status).toBe(200);
    return { accountId, keyId, key };
  }

  const call = (key: string, origin?: string, path = SEARCH) =>
    api.fetch(path, { headers: { 'x-api-key': key, ...(origin && { origin }) } });

  async function ledgerKinds(accountId: string) {
    const rows = (await api.db.query(
      'SELECT kind FROM gw.credit_ledger WHERE account_id = $1 ORDER BY created_at, kind',
      [accountId],
    )) as { kind: string }[];
    return rows.map((r) => r.kind);
  }

  describe('preflight', () => {
    it('should answer any origin with 204 and what a call may use, without a key', async () => {
      const res = await api.fetch(SEARCH, {
        method: 'OPTIONS',
        headers: {
          origin: OTHER,
          'access-control-request-method': 'GET',
          'access-control-request-headers': 'x-api-key',
        },
      });
      expect(res.status).toBe(204);
      expect(await res.text()).toBe('');
      expect(Object.fromEntries(res.headers)).toMatchObject({
        'access-control-allow-origin': OTHER,
        'access-control-allow-methods': 'GET, HEAD, POST',
        'access-control-allow-headers':
          'X-Api-Key, Authorization, Content-Type, X-Request-Id, Payment-Signature',
        'access-control-max-age': '7200',
        vary: 'Origin',
      });
    });

    it('should answer a preflight of a POST endpoint under /api/v1 the same way', async () => {
      const res = await api.fetch('/api/v1/validate/email/disposable', {
        method: 'OPTIONS',
        headers: {
          origin: SHOP,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type,x-api-key',
        },
      });
      expect(res.status).toBe(204);
      expect(res.headers.get('access-control-allow-origin')).toBe(SHOP);
      expect(res.headers.get('access-control-allow-headers')).toContain('Content-Type');
    });

    it('should neither charge nor count a preflight against the rate limit, even with a key', async () => {
      const { accountId, key } = await keyFor([SHOP]);
      for (let i = 0; i < 3; i++) {
        const res = await api.fetch(SEARCH, {
          method: 'OPTIONS',
          headers: { origin: OTHER, 'access-control-request-method': 'GET', 'x-api-key': key },
        });
        expect(res.status).toBe(204);
        expect(res.headers.get('ratelimit-remaining')).toBeNull();
        expect(res.headers.get('x-credits-charged')).toBeNull();
      }
      expect(await ledgerKinds(accountId)).toEqual(['topup']);
      const first = await call(key, SHOP);
      expect(first.status).toBe(200);
      expect(Number(first.headers.get('ratelimit-remaining'))).toBe(
        Number(first.headers.get('ratelimit-limit')) - 1,
      );
    });

    it("should answer a plain OPTIONS with 204 and the path's Allow, without CORS headers", async () => {
      const res = await api.fetch(SEARCH, { method: 'OPTIONS' });
      expect(res.status).toBe(204);
      expect(res.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
      expect(res.headers.get('access-control-allow-origin')).toBeNull();
    });
  });

  describe('a call from a web page', () => {
    it('should serve any origin with a key that has no list, exposing the headers a page reads', async () => {
      const { key } = await keyFor(null);
      const res = await call(key, OTHER);
      expect(res.status).toBe(200);
      expect(res.headers.get('access-control-allow-origin')).toBe(OTHER);
      expect(res.headers.get('vary')).toContain('Origin');
      const exposed = res.headers.get('access-control-expose-headers')?.split(', ');
      expect(exposed).toEqual(
        expect.arrayContaining([
          'RateLimit-Remaining',
          'X-Credits-Charged',
          'X-Credits-Remaining',
          'X-Cache',
          'X-Request-Id',
          'Retry-After',
          'Payment-Required',
        ]),
      );
      expect(res.headers.get('x-credits-charged')).toBe('0.10');
    });

    it('should serve a listed origin, charged as usual', async () => {
      const { accountId, key } = await keyFor([SHOP, 'https://www.shop.example.nl']);
      const res = await call(key, SHOP);
      expect(res.status).toBe(200);
      expect(res.headers.get('access-control-allow-origin')).toBe(SHOP);
      expect(res.headers.get('x-credits-charged')).toBe('0.10');
      // The embedded profile writes no reserve rows: the settle row stands for its reservation.
      const reserve = isEmbedded(api.db) ? [] : ['reserve'];
      expect(await ledgerKinds(accountId)).toEqual(['topup', ...reserve, 'settle']);
    });

    it('should refuse an origin not on the list with 403, uncharged and not counted', async () => {
      const { accountId, key } = await keyFor([SHOP]);
      for (let i = 0; i < 3; i++) {
        const res = await call(key, OTHER);
        expect(res.status).toBe(403);
        expect(res.headers.get('content-type')).toContain('application/problem+json');
        // The page may read why: the refusal carries the CORS headers too.
        expect(res.headers.get('access-control-allow-origin')).toBe(OTHER);
        expect(res.headers.get('ratelimit-remaining')).toBeNull();
        expect(res.headers.get('x-credits-charged') ?? '0.00').toBe('0.00');
        expect(await jsonOf(res)).toEqual({
          type: 'urn:nl-data-api:problem:origin_not_allowed',
          title: 'Forbidden',
          status: 403,
          detail: `This API key only accepts calls from the web pages of the origins its owner listed; "${OTHER}" is not one of them.`,
          instance: SEARCH,
          code: 'origin_not_allowed',
          requestId: expect.any(String),
        });
      }
      expect(await ledgerKinds(accountId)).toEqual(['topup']);
      expect((await api.accounts.getAccount(accountId)).balance).toBe(1_000);
      const allowed = await call(key, SHOP);
      expect(Number(allowed.headers.get('ratelimit-remaining'))).toBe(
        Number(allowed.headers.get('ratelimit-limit')) - 1,
      );
    });

    it('should not apply the list to a call without Origin (a server)', async () => {
      const { key } = await keyFor([SHOP]);
      const res = await call(key);
      expect(res.status).toBe(200);
      expect(res.headers.get('access-control-allow-origin')).toBeNull();
      expect(res.headers.get('access-control-expose-headers')).toBeNull();
    });

    it('should apply the list to the account endpoints and to HEAD as well', async () => {
      const { key } = await keyFor([SHOP]);
      expect((await call(key, OTHER, '/v1/account')).status).toBe(403);
      expect((await call(key, SHOP, '/v1/account')).status).toBe(200);
      const head = await api.fetch(SEARCH, {
        method: 'HEAD',
        headers: { 'x-api-key': key, origin: OTHER },
      });
      expect(head.status).toBe(403);
    });

    it('should give the dashboard, /admin and the docs no CORS headers', async () => {
      for (const path of ['/dashboard/sign-in', '/openapi.json', '/admin/accounts']) {
        const res = await api.fetch(path, { headers: { origin: OTHER, ...admin } });
        expect({ path, acao: res.headers.get('access-control-allow-origin') }).toEqual({
          path,
          acao: null,
        });
      }
      const preflight = await api.fetch('/admin/accounts', {
        method: 'OPTIONS',
        headers: { origin: OTHER, 'access-control-request-method': 'GET' },
      });
      // A plain OPTIONS answer (204, its Allow) without CORS headers: the browser refuses the call.
      expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
      expect(preflight.headers.get('access-control-allow-methods')).toBeNull();
    });
  });

  describe('PUT /admin/keys/:id/allowed-origins', () => {
    it('should normalise the list, show it with the key, and apply it at once to a cached key', async () => {
      const { accountId, keyId, key } = await keyFor(null);
      expect((await call(key, OTHER)).status).toBe(200); // the key is cached now
      const set = await putOrigins(keyId, {
        allowed_origins: ['HTTP://Shop.Example.NL/', 'http://shop.example.nl:80'],
      });
      expect(set.status).toBe(200);
      expect(await jsonOf(set)).toMatchObject({ id: keyId, allowedOrigins: [SHOP] });
      const shown = await fetch(`${api.url}/admin/accounts/${accountId}`, { headers: admin });
      expect((await jsonOf(shown)).keys).toEqual([
        expect.objectContaining({ id: keyId, allowedOrigins: [SHOP] }),
      ]);
      expect((await call(key, OTHER)).status).toBe(403);
      expect((await call(key, SHOP)).status).toBe(200);
      // Null (or an empty list) lifts the restriction.
      expect(await jsonOf(await putOrigins(keyId, { allowed_origins: null }))).toMatchObject({
        allowedOrigins: null,
      });
      expect((await call(key, OTHER)).status).toBe(200);
      expect((await putOrigins(keyId, { allowed_origins: [SHOP] })).status).toBe(200);
      expect((await putOrigins(keyId, { allowed_origins: [] })).status).toBe(200);
      expect((await call(key, OTHER)).status).toBe(200);
    });

    it.each([
      ['no list', {}, ['allowed_origins']],
      ['a text', { allowed_origins: 'https://a.nl' }, ['allowed_origins']],
      ['a number', { allowed_origins: [42] }, ['allowed_origins']],
      [
        'a path and a wildcard',
        { allowed_origins: ['https://a.nl/widget', 'https://ok.nl', '*'] },
        ['allowed_origins.0', 'allowed_origins.2'],
      ],
      [
        '21 origins',
        { allowed_origins: Array.from({ length: 21 }, (_, i) => `https://s${i}.nl`) },
        ['allowed_origins'],
      ],
      ['a camel-case field', { allowedOrigins: ['https://a.nl'] }, ['allowedOrigins']],
    ])(
      'should refuse %s with 400 and field errors, changing nothing',
      async (_what, body, fields) => {
        const { keyId, key } = await keyFor([SHOP]);
        const res = await putOrigins(keyId, body);
        expect(res.status).toBe(400);
        const problem = await jsonOf(res);
        expect(problem.code).toBe('validation_failed');
        expect([...new Set(problem.errors.map((e: { field: string }) => e.field))]).toEqual(
          expect.arrayContaining(fields),
        );
        expect((await call(key, OTHER)).status).toBe(403);
      },
    );

    it('should answer 404 for no such key and 401 without the admin token', async () => {
      const { keyId } = await keyFor(null);
      expect(
        (await putOrigins('00000000-0000-4000-8000-000000000000', { allowed_origins: [SHOP] }))
          .status,
      ).toBe(404);
      const res = await fetch(`${api.url}/admin/keys/${keyId}/allowed-origins`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ allowed_origins: [SHOP] }),
      });
      expect(res.status).toBe(401);
    });
  });

  /** Milliseconds until `url` refuses `key` from {@link OTHER} with 403 (polling), or Infinity after 4 s. */
  const refusedAfter = (url: string, key: string, since: number) =>
    msUntilStatus(`${url}${SEARCH}`, { 'x-api-key': key, origin: OTHER }, 403, since, 4_000);

  // Replicas hear of a key change only through a shared Redis, which the embedded run lacks.
  (profile === 'distributed' && REAL_SERVERS ? it : it.skip)(
    'should apply a new list on every replica at once, from the admin API or the CLI',
    async () => {
      const replicas = [api.url, await api.addGateway()];
      for (const through of ['admin API', 'CLI'] as const) {
        const { keyId, key } = await keyFor(null);
        for (const url of replicas) {
          const res = await fetch(`${url}${SEARCH}`, {
            headers: { 'x-api-key': key, origin: OTHER },
          });
          expect(res.status).toBe(200); // now cached by each replica
        }
        if (through === 'admin API') {
          expect((await putOrigins(keyId, { allowed_origins: [SHOP] }, replicas[0])).status).toBe(
            200,
          );
        } else {
          // What `npm run admin -- set-origins` does: its own connection, its own publisher.
          const revocations = new KeyRevocations(api.gateway.get(PLATFORM_CONFIG), silentLogger());
          const cli = new AccountsService(api.db, api.credits, revocations);
          const [{ accountId }] = (await api.db.query(
            'SELECT account_id AS "accountId" FROM gw.api_key WHERE id = $1',
            [keyId],
          )) as { accountId: string }[];
          expect(await cli.setAllowedOrigins(accountId, keyId, [SHOP])).not.toBeNull();
          await revocations.onApplicationShutdown();
        }
        const since = Date.now();
        const waits = await Promise.all(replicas.map((url) => refusedAfter(url, key, since)));
        expect({ through, fast: waits.map((ms) => ms <= 2_000) }).toEqual({
          through,
          fast: [true, true],
        });
      }
    },
  );
});
