import { randomUUID } from 'node:crypto';
import { AccountsService, generateApiKey, KeyRevocations } from '@nl/gateway-access';
import { PLATFORM_CONFIG } from '@nl/platform-config';
import { REAL_SERVERS, silentLogger } from '@nl/testing';
import { PROFILES, jsonOf, msUntilStatus, startStack, type Stack } from './support/stack.js';

const ADMIN_TOKEN = 'test-admin-token-0123456789abcdef';
const LOOKUP = '/v1/cbs/sbi/6210';

describe.each(PROFILES)('access through the gateway (%s)', (profile) => {
  let api: Stack;
  beforeAll(async () => {
    api = await startStack(profile, { env: { ADMIN_TOKEN } });
  });
  afterAll(() => api?.close());

  describe('authentication', () => {
    it('should accept the key in X-Api-Key and as a bearer token', async () => {
      const { key } = await api.account({ tier: 'trial', credits: 10 });
      expect((await api.fetch(LOOKUP, { headers: { 'x-api-key': key } })).status).toBe(200);
      expect(
        (await api.fetch(LOOKUP, { headers: { authorization: `Bearer ${key}` } })).status,
      ).toBe(200);
    });

    it('should refuse both headers at once with 400 ambiguous_credentials', async () => {
      const { key } = await api.account({ tier: 'trial', credits: 10 });
      const res = await api.fetch(LOOKUP, {
        headers: { 'x-api-key': key, authorization: `Bearer ${key}` },
      });
      expect(res.status).toBe(400);
      expect(await jsonOf(res)).toMatchObject({ code: 'ambiguous_credentials' });
    });

    it.each([
      ['no key', {}],
      ['an unknown key', { 'x-api-key': generateApiKey() }],
      ['a malformed key', { 'x-api-key': 'hello' }],
      ['a non-bearer Authorization', { authorization: 'Basic dXNlcjpwYXNz' }],
    ])('should answer %s with 401 and WWW-Authenticate', async (_name, headers) => {
      const res = await api.fetch(LOOKUP, { headers });
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Bearer realm="nl-data-api"');
      expect(await jsonOf(res)).toMatchObject({ code: 'unauthorized', status: 401 });
    });

    it('should refuse a revoked key at once', async () => {
      const { accountId, key } = await api.account({ tier: 'trial', credits: 10 });
      expect((await api.fetch(LOOKUP, { headers: { 'x-api-key': key } })).status).toBe(200);
      const [info] = await api.accounts.listKeys(accountId);
      expect(await api.accounts.revokeKey(info.id)).toBe(true);
      expect((await api.fetch(LOOKUP, { headers: { 'x-api-key': key } })).status).toBe(401);
    });

    /** Milliseconds until `url` refuses `key` with 401 (polling), or Infinity after 3 s. */
    const refusedAfter = (url: string, key: string, since: number) =>
      msUntilStatus(`${url}${LOOKUP}`, { 'x-api-key': key }, 401, since, 3_000);

    // Replicas hear of a revocation only through a shared Redis, which the embedded run lacks.
    (profile === 'distributed' && REAL_SERVERS ? it : it.skip)(
      'should drop a revoked key on every replica within a second, from the admin API or the CLI',
      async () => {
        const replicas = [api.url, await api.addGateway()];
        for (const revokeThrough of ['admin API', 'CLI'] as const) {
          const { accountId, key } = await api.account({ tier: 'trial', credits: 10 });
          for (const url of replicas) {
            const res = await fetch(`${url}${LOOKUP}`, { headers: { 'x-api-key': key } });
            expect(res.status).toBe(200); // now cached by each replica
          }
          const [info] = await api.accounts.listKeys(accountId);
          const since = Date.now();
          if (revokeThrough === 'admin API') {
            const res = await fetch(`${replicas[0]}/admin/keys/${info.id}`, {
              method: 'DELETE',
              headers: { 'x-admin-token': ADMIN_TOKEN },
            });
            expect(res.status).toBe(200);
          } else {
            // What `npm run admin -- revoke-key` does: its own connection, its own publisher.
            const revocations = new KeyRevocations(
              api.gateway.get(PLATFORM_CONFIG),
              silentLogger(),
            );
            const cli = new AccountsService(api.db, api.credits, revocations);
            expect(await cli.revokeKey(info.id)).toBe(true);
            await revocations.onApplicationShutdown();
          }
          const waits = await Promise.all(replicas.map((url) => refusedAfter(url, key, since)));
          expect({ revokeThrough, waits: waits.map((ms) => ms <= 1_000) }).toEqual({
            revokeThrough,
            waits: [true, true],
          });
        }
      },
    );
  });

  describe('tiers', () => {
    it('should refuse a Free key on an industry-code endpoint with 403', async () => {
      const { key } = await api.account({ tier: 'free', credits: 10 });
      const res = await api.fetch(LOOKUP, { headers: { 'x-api-key': key } });
      expect(res.status).toBe(403);
      expect(await jsonOf(res)).toMatchObject({
        code: 'forbidden',
        detail: 'The Free tier does not include /v1/cbs/sbi/:code.',
      });
    });

    it('should let a Free key use the disposable check', async () => {
      const { key } = await api.account({ tier: 'free', credits: 10 });
      const res = await api.fetch('/api/v1/validate/email/disposable', {
        method: 'POST',
        headers: { 'x-api-key': key, 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'a@b.nl' }),
      });
      expect(res.status).toBe(200);
      expect(await jsonOf(res)).toMatchObject({ disposable: false, domain: 'b.nl' });
    });

    it('should refuse a Paid key without the subscription on a detail endpoint, before any service is asked', async () => {
      const { key } = await api.account({ tier: 'paid', credits: 10 });
      for (const path of [
        '/api/v1/ndw/truckparking/NL-12_413',
        '/api/v1/ndw/emissiezones/NDW11_x',
      ]) {
        const res = await api.fetch(path, { headers: { 'x-api-key': key } });
        expect(res.status).toBe(403);
        expect((await jsonOf(res)).detail).toContain('needs the ndw-details subscription');
      }
    });

    it('should let Paid with the subscription and Premium through the gate', async () => {
      const paid = await api.account({ tier: 'paid', credits: 10, subscriptions: ['ndw-details'] });
      const premium = await api.account({ tier: 'premium', credits: 10 });
      for (const { key } of [paid, premium]) {
        expect(
          (await api.fetch('/api/v1/ndw/truckparking/NL-12_413', { headers: { 'x-api-key': key } }))
            .status,
        ).toBe(200);
      }
    });
  });

  describe('rate limits', () => {
    it('should allow N calls a minute, then answer 429 with Retry-After, with RateLimit headers on every answer', async () => {
      const { key } = await api.account({ tier: 'trial', credits: 100 });
      const headers = { 'x-api-key': key };
      const limit = 60; // Trial, industry codes (the catalog's default for local data)
      for (let i = 1; i <= limit; i++) {
        const res = await api.fetch('/v1/cbs/sbi/search?q=bakker', { headers });
        expect(res.status).toBe(200);
        expect(res.headers.get('ratelimit-limit')).toBe(String(limit));
        expect(res.headers.get('ratelimit-remaining')).toBe(String(limit - i));
        const reset = Number(res.headers.get('ratelimit-reset'));
        expect(reset).toBeLessThanOrEqual(60);
        // The IETF draft's structured fields say the same.
        expect(res.headers.get('ratelimit-policy')).toBe(`"cbs.sbi.search";q=${limit};w=60`);
        expect(res.headers.get('ratelimit')).toBe(`"cbs.sbi.search";r=${limit - i};t=${reset}`);
      }
      const refused = await api.fetch('/v1/cbs/sbi/search?q=bakker', { headers });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(refused.headers.get('ratelimit-remaining')).toBe('0');
      expect(refused.headers.get('ratelimit')).toMatch(/^"cbs\.sbi\.search";r=0;t=\d+$/);
      expect(refused.headers.get('x-credits-charged')).toBeNull();
      expect(await jsonOf(refused)).toMatchObject({ code: 'rate_limited', status: 429 });
      // Per endpoint: another endpoint still has its own minute.
      expect((await api.fetch(LOOKUP, { headers })).status).toBe(200);
    });

    // Two replicas share one count only through a shared Redis, which the embedded run lacks.
    (profile === 'distributed' && REAL_SERVERS ? it : it.skip)(
      'should share one count between two gateway replicas on one Redis',
      async () => {
        const replicas = [api.url, await api.addGateway()];
        const { key } = await api.account({ tier: 'trial', credits: 100 });
        const headers = { 'x-api-key': key };
        const limit = 60;
        for (let i = 1; i <= limit; i++) {
          const res = await fetch(`${replicas[i % 2]}/v1/cbs/sbi/search?q=brood`, { headers });
          expect(res.status).toBe(200);
          expect(res.headers.get('ratelimit-remaining')).toBe(String(limit - i));
        }
        for (const url of replicas) {
          const refused = await fetch(`${url}/v1/cbs/sbi/search?q=brood`, { headers });
          expect(refused.status).toBe(429);
          expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
        }
      },
    );
  });

  describe('the caller’s account', () => {
    it('should show tier, balance and the terms of every endpoint, free of charge', async () => {
      const { key } = await api.account({ tier: 'paid', credits: 12.5 });
      const res = await api.fetch('/v1/account', { headers: { 'x-api-key': key } });
      expect(res.status).toBe(200);
      const body = await jsonOf(res);
      expect(body).toMatchObject({ tier: 'paid', balance: 12.5, subscriptions: [] });
      expect(body.endpoints.find((e: { id: string }) => e.id === 'cbs.sbi.lookup')).toEqual({
        id: 'cbs.sbi.lookup',
        method: 'GET',
        paths: ['/v1/cbs/sbi/:code'],
        price: 0.1,
        cached_price: 0.1,
        limit_per_minute: 300,
        available: true,
      });
      expect(
        body.endpoints.find((e: { id: string }) => e.id === 'ndw.truckparking.get'),
      ).toMatchObject({ available: false, limit_per_minute: null });
      expect(
        (await jsonOf(await api.fetch('/v1/account', { headers: { 'x-api-key': key } }))).balance,
      ).toBe(12.5);
    });

    it('should count calls and credits per endpoint per day', async () => {
      const { key } = await api.account({ tier: 'trial', credits: 10 });
      for (let i = 0; i < 3; i++)
        await api.fetch('/v1/cbs/sbi/A', { headers: { 'x-api-key': key } });
      await api.fetch('/v1/cbs/sbi/6201', { headers: { 'x-api-key': key } });
      const body = await jsonOf(
        await api.fetch('/v1/account/usage', { headers: { 'x-api-key': key } }),
      );
      expect(body).toEqual({
        days: 30,
        usage: [
          {
            day: new Date().toISOString().slice(0, 10),
            endpoint: 'cbs.sbi.lookup',
            calls: 3,
            credits: 0.3,
          },
        ],
      });
    });

    it('should need a key', async () => {
      expect((await api.fetch('/v1/account')).status).toBe(401);
    });

    it('should answer usage from the daily rollup, not by reading the ledger', async () => {
      const { accountId, key } = await api.account({ tier: 'trial', credits: 10 });
      for (let i = 0; i < 3; i++)
        await api.fetch('/v1/cbs/sbi/A', { headers: { 'x-api-key': key } });
      // 20,000 more ledger rows of today (of no value, so the books still balance): a usage
      // query over the ledger would count them and take time in proportion; the rollup does not.
      await api.db.query(
        `INSERT INTO gw.credit_ledger (account_id, kind, charge_id, endpoint, amount, charged)
         SELECT $1, 'settle', gen_random_uuid(), 'cbs.sbi.lookup', 0, 0 FROM generate_series(1, 20000)`,
        [accountId],
      );
      const body = await jsonOf(
        await api.fetch('/v1/account/usage', { headers: { 'x-api-key': key } }),
      );
      expect(body.usage).toEqual([
        expect.objectContaining({ endpoint: 'cbs.sbi.lookup', calls: 3, credits: 0.3 }),
      ]);
      // The shared test database outlives this run: leave its ledger as it was.
      await api.db.query(
        `DELETE FROM gw.credit_ledger WHERE account_id = $1 AND kind = 'settle' AND charged = 0`,
        [accountId],
      );
    });

    it('should keep the rollup equal to the ledger’s settlements', async () => {
      const { accountId, key } = await api.account({ tier: 'trial', credits: 10 });
      for (const path of [
        '/v1/cbs/sbi/A',
        '/v1/cbs/sbi/62',
        '/v1/cbs/sbi/search?q=brood',
        '/v1/cbs/sbi/62',
      ])
        await api.fetch(path, { headers: { 'x-api-key': key } });
      const fromLedger = await api.db.query(
        `SELECT endpoint, count(*)::int AS calls, sum(charged)::int AS charged FROM gw.credit_ledger
          WHERE account_id = $1 AND kind = 'settle' GROUP BY endpoint ORDER BY endpoint`,
        [accountId],
      );
      const rollup = await api.db.query(
        `SELECT endpoint, calls::int AS calls, charged::int AS charged FROM gw.usage_daily
          WHERE account_id = $1 ORDER BY endpoint`,
        [accountId],
      );
      expect(rollup).toEqual(fromLedger);
      expect(fromLedger).toHaveLength(2);
    });

    it.each([
      ['/v1/account', 60],
      ['/v1/account/usage', 30],
    ])('should limit %s to %i calls a minute per key', async (path, limit) => {
      const { key } = await api.account({ tier: 'premium', credits: 1 });
      const headers = { 'x-api-key': key };
      for (let i = 1; i <= limit; i++) {
        const res = await api.fetch(path, { headers });
        expect(res.status).toBe(200);
        expect(res.headers.get('ratelimit-remaining')).toBe(String(limit - i));
      }
      const refused = await api.fetch(path, { headers });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await jsonOf(refused)).toMatchObject({ code: 'rate_limited' });
    });
  });

  describe('administration over HTTP', () => {
    const admin = { 'x-admin-token': ADMIN_TOKEN, 'content-type': 'application/json' };

    it('should create an account and a key, top up, and revoke, with the admin token only', async () => {
      const created = await jsonOf(
        await api.fetch('/admin/accounts', {
          method: 'POST',
          headers: admin,
          body: JSON.stringify({ name: 'Acme', tier: 'paid', credits: 5 }),
        }),
      );
      // Every amount in credits, as /v1/account answers them (the database keeps hundredths).
      expect(created).toMatchObject({ name: 'Acme', tier: 'paid', balance: 5 });
      const key = await jsonOf(
        await api.fetch(`/admin/accounts/${created.id}/keys`, {
          method: 'POST',
          headers: admin,
          body: '{}',
        }),
      );
      expect(key.key).toMatch(/^nlk_live_[0-9A-Za-z]{32}$/);
      expect(key.info.prefix).toBe(`${key.key.slice(0, 15)}…`);
      expect(
        await jsonOf(
          await api.fetch(`/admin/accounts/${created.id}/credits`, {
            method: 'POST',
            headers: admin,
            body: '{"credits": 2.25}',
          }),
        ),
      ).toEqual({ balance: 7.25 });
      expect((await api.fetch(LOOKUP, { headers: { 'x-api-key': key.key } })).status).toBe(200);
      expect(
        (
          await api.fetch(`/admin/keys/${key.info.id}`, {
            method: 'DELETE',
            headers: { 'x-admin-token': ADMIN_TOKEN },
          })
        ).status,
      ).toBe(200);
      expect((await api.fetch(LOOKUP, { headers: { 'x-api-key': key.key } })).status).toBe(401);
      const shown = await jsonOf(
        await api.fetch(`/admin/accounts/${created.id}`, {
          headers: { 'x-admin-token': ADMIN_TOKEN },
        }),
      );
      expect(shown.keys[0]).toMatchObject({ id: key.info.id, revokedAt: expect.any(String) });
      expect(shown.balance).toBe(7.15); // 7.25 less the one call's 0.10
      expect(JSON.stringify(shown)).not.toContain(key.key);
      const listed = await jsonOf(await api.fetch('/admin/accounts', { headers: admin }));
      expect(listed.accounts.find((a: { id: string }) => a.id === created.id).balance).toBe(7.15);
      const changed = await api.fetch(`/admin/accounts/${created.id}`, {
        method: 'PATCH',
        headers: admin,
        body: '{"tier": "premium"}',
      });
      expect(await jsonOf(changed)).toMatchObject({ tier: 'premium', balance: 7.15 });
    });

    it("should list an account's keys, live and test, revoked ones too, never a secret", async () => {
      const { accountId, key } = await api.account({ tier: 'paid', credits: 1 });
      const test = await api.accounts.createKey(accountId, 'sandbox', 'test');
      const old = await api.accounts.createKey(accountId, 'old');
      await api.accounts.revokeKey(old.info.id);
      const [first] = await api.accounts.listKeys(accountId);
      await api.accounts.setSpendCaps(accountId, first.id, {
        dailyCap: 2.5,
        monthlyCap: null,
        alertPercent: 80,
      });
      const res = await api.fetch(`/admin/accounts/${accountId}/keys`, { headers: admin });
      expect(res.status).toBe(200);
      const { keys } = await jsonOf(res);
      expect(keys).toHaveLength(3);
      expect(keys).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            id: first.id,
            prefix: `${key.slice(0, 15)}…`,
            mode: 'live',
            revokedAt: null,
            createdAt: expect.any(String),
            dailyCap: 2.5,
            monthlyCap: null,
            alertPercent: 80,
          }),
          expect.objectContaining({
            id: test.info.id,
            name: 'sandbox',
            mode: 'test',
            revokedAt: null,
          }),
          expect.objectContaining({ id: old.info.id, mode: 'live', revokedAt: expect.any(String) }),
        ]),
      );
      const text = JSON.stringify(keys);
      for (const secret of [key, test.key, old.key]) expect(text).not.toContain(secret.slice(15));
      expect(text).not.toMatch(/"hash"/);
      const guarded = await api.fetch(`/admin/accounts/${accountId}/keys`, { headers: api.auth });
      expect(guarded.status).toBe(401);
      const none = await api.fetch(`/admin/accounts/${randomUUID()}/keys`, { headers: admin });
      expect(none.status).toBe(404);
    });

    it('should refuse an API key, a wrong token, and bad input', async () => {
      expect((await api.fetch('/admin/accounts', { headers: api.auth })).status).toBe(401);
      expect(
        (
          await api.fetch('/admin/accounts', {
            headers: { 'x-admin-token': 'x'.repeat(ADMIN_TOKEN.length) },
          })
        ).status,
      ).toBe(401);
      const bad = await api.fetch('/admin/accounts', {
        method: 'POST',
        headers: admin,
        body: JSON.stringify({ name: '', tier: 'gold', credits: -1 }),
      });
      expect(bad.status).toBe(400);
      expect((await jsonOf(bad)).errors.map((e: { field: string }) => e.field).sort()).toEqual([
        'credits',
        'name',
        'tier',
      ]);
      expect(
        (
          await api.fetch('/admin/accounts/not-a-uuid', {
            headers: { 'x-admin-token': ADMIN_TOKEN },
          })
        ).status,
      ).toBe(404);
    });
  });
});

describe('administration without a configured token', () => {
  it('should not exist', async () => {
    const api = await startStack('standalone');
    try {
      expect(
        (await api.fetch('/admin/accounts', { headers: { 'x-admin-token': ADMIN_TOKEN } })).status,
      ).toBe(404);
    } finally {
      await api.close();
    }
  });
});
