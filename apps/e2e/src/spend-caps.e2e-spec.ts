import type { EndpointDefinition } from '@nl/contracts-core';
import { ENDPOINT_CATALOG } from '@nl/contracts-catalog';
import { gatewayApp } from '@nl/gateway-app';
import { isEmbedded } from '@nl/gateway-ledger';
import { REAL_SERVERS } from '@nl/testing';
import { PROFILES, jsonOf, startStack, type Stack } from './support/stack.js';

const ADMIN_TOKEN = 'test-admin-token-caps-0123456789ab';
/** The SBI index at 0.50 whether cached or not, so a settlement never frees cap room. */
const INDEX = '/v1/cbs/sbi?level=section';
const NO_LIMIT = { free: 100_000, trial: 100_000, paid: 100_000, premium: 100_000 };
const capsCatalog = (): EndpointDefinition[] =>
  ENDPOINT_CATALOG.map((e) =>
    e.id === 'cbs.sbi.index' ? { ...e, price: { fresh: 50, cached: 50 }, limits: NO_LIMIT } : e,
  );

describe.each(PROFILES)('spend caps through the gateway (%s)', (profile) => {
  let api: Stack;
  beforeAll(async () => {
    api = await startStack(profile, {
      gateway: gatewayApp({ catalog: capsCatalog() }),
      env: { ADMIN_TOKEN },
    });
  });
  afterAll(() => api?.close());

  const admin = { 'x-admin-token': ADMIN_TOKEN, 'content-type': 'application/json' };
  const putCaps = (keyId: string, body: unknown, url = api.url) =>
    fetch(`${url}/admin/keys/${keyId}/caps`, {
      method: 'PUT',
      headers: admin,
      body: JSON.stringify(body),
    });

  /** A Paid account with 100 credits and one key, capped through the admin API. */
  async function cappedKey(caps: Record<string, number | null>) {
    const { accountId, key } = await api.account({ tier: 'paid', credits: 100 });
    const [{ id: keyId }] = await api.accounts.listKeys(accountId);
    const res = await putCaps(keyId, caps);
    expect(res.status).toBe(200);
    return { accountId, keyId, headers: { 'x-api-key': key } };
  }

  async function ledger(accountId: string) {
    const rows = (await api.db.query(
      `SELECT kind, count(*)::int AS n FROM gw.credit_ledger WHERE account_id = $1 GROUP BY kind`,
      [accountId],
    )) as { kind: string; n: number }[];
    return Object.fromEntries(rows.map((r) => [r.kind, r.n]));
  }

  /** Exactly 10 of 50 calls at once get through a cap of 10 calls' worth; the rest are refused uncharged. */
  async function expectTenOfFifty(urls: readonly string[]) {
    const { accountId, keyId, headers } = await cappedKey({ daily_cap: 5 });
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) => fetch(`${urls[i % urls.length]}${INDEX}`, { headers })),
    );
    const ok = responses.filter((r) => r.status === 200);
    const refused = responses.filter((r) => r.status === 402);
    expect([ok.length, refused.length]).toEqual([10, 40]);
    for (const res of ok) expect(res.headers.get('x-credits-charged')).toBe('0.50');
    for (const res of refused) {
      expect(res.headers.get('x-credits-charged')).toBe('0.00');
      expect(await jsonOf(res)).toMatchObject({ code: 'spend_cap_reached', status: 402 });
    }
    // The embedded profile writes no reserve rows: a settle row stands for its reservation.
    const reserves = isEmbedded(api.db) ? {} : { reserve: 10 };
    expect(await ledger(accountId)).toEqual({ topup: 1, ...reserves, settle: 10 });
    expect((await api.accounts.getAccount(accountId)).balance).toBe(10_000 - 500);
    expect(await api.accounts.spendOf([keyId])).toEqual({ [keyId]: { today: 5, month: 5 } });
  }

  it('should let exactly 10 of 50 concurrent calls through a daily cap of 10 calls', async () => {
    await expectTenOfFifty([api.url]);
  });

  // Two replicas share one cap only through a shared database, which the embedded run lacks.
  (profile === 'distributed' && REAL_SERVERS ? it : it.skip)(
    'should hold the cap when the calls are spread over two gateway replicas',
    async () => {
      await expectTenOfFifty([api.url, await api.addGateway()]);
    },
  );

  it('should answer a problem naming the cap, the spend and the next UTC midnight', async () => {
    const { headers } = await cappedKey({ daily_cap: 0.5 });
    expect((await api.fetch(INDEX, { headers })).status).toBe(200);
    const res = await api.fetch(INDEX, { headers });
    expect(res.status).toBe(402);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(res.headers.get('x-credits-charged')).toBe('0.00');
    expect(res.headers.get('x-credits-remaining')).toBe('99.50');
    const body = await jsonOf(res);
    const midnight = new Date();
    midnight.setUTCHours(24, 0, 0, 0);
    expect(body).toEqual({
      type: 'urn:nl-data-api:problem:spend_cap_reached',
      title: 'Payment Required',
      status: 402,
      detail: `This call costs 0.50 credits, which would exceed this key's daily spend cap of 0.50 credits (0.50 spent); it resets at ${midnight.toISOString()}.`,
      instance: INDEX,
      code: 'spend_cap_reached',
      requestId: expect.any(String),
      spend_cap: { period: 'daily', cap: 0.5, spent: 0.5, resets_at: midnight.toISOString() },
    });
  });

  it('should name the monthly cap and the first of the next month', async () => {
    const { headers } = await cappedKey({ daily_cap: 10, monthly_cap: 0.75 });
    expect((await api.fetch(INDEX, { headers })).status).toBe(200);
    const body = await jsonOf(await api.fetch(INDEX, { headers }));
    const now = new Date();
    const nextMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
    expect(body.spend_cap).toEqual({
      period: 'monthly',
      cap: 0.75,
      spent: 0.5,
      resets_at: nextMonth.toISOString(),
    });
    expect(body.detail).toContain("this key's monthly spend cap of 0.75 credits");
  });

  it('should apply new caps at once to a key the gateway already knows', async () => {
    const { accountId, key } = await api.account({ tier: 'paid', credits: 100 });
    const headers = { 'x-api-key': key };
    expect((await api.fetch(INDEX, { headers })).status).toBe(200); // the key is cached now
    const [{ id: keyId }] = await api.accounts.listKeys(accountId);
    const set = await putCaps(keyId, { daily_cap: 0.5, alert_percent: 80 });
    expect(await jsonOf(set)).toMatchObject({
      id: keyId,
      dailyCap: 0.5,
      monthlyCap: null,
      alertPercent: 80,
    });
    expect((await api.fetch(INDEX, { headers })).status).toBe(200);
    expect((await api.fetch(INDEX, { headers })).status).toBe(402);
    // Removing the caps lets the key spend again.
    expect((await putCaps(keyId, { daily_cap: null })).status).toBe(200);
    expect((await api.fetch(INDEX, { headers })).status).toBe(200);
  });

  describe('PUT /admin/keys/:id/caps', () => {
    it.each([
      [{ daily_cap: 0 }, ['daily_cap']],
      [{ daily_cap: -1, monthly_cap: -0.01 }, ['daily_cap', 'monthly_cap']],
      [{ monthly_cap: 1.234 }, ['monthly_cap']],
      [{ daily_cap: 10_000_000.01 }, ['daily_cap']],
      [{ daily_cap: 'lots' }, ['daily_cap']],
      [{ alert_percent: 0 }, ['alert_percent']],
      [{ alert_percent: 101 }, ['alert_percent']],
      [{ alert_percent: 12.5 }, ['alert_percent']],
      [{ dailyCap: 5 }, ['dailyCap']],
    ])('should refuse %j with 400 and field errors, changing nothing', async (body, fields) => {
      const { accountId, keyId } = await cappedKey({ daily_cap: 1 });
      const res = await putCaps(keyId, body);
      expect(res.status).toBe(400);
      const problem = await jsonOf(res);
      expect(problem.code).toBe('validation_failed');
      expect([...new Set(problem.errors.map((e: { field: string }) => e.field))].sort()).toEqual(
        fields,
      );
      expect(await api.accounts.listKeys(accountId)).toEqual([
        expect.objectContaining({ dailyCap: 1 }),
      ]);
    });

    it('should answer 404 for an unknown key and 401 without the admin token', async () => {
      expect((await putCaps('00000000-0000-4000-8000-000000000000', { daily_cap: 1 })).status).toBe(
        404,
      );
      expect((await putCaps('nope', { daily_cap: 1 })).status).toBe(404);
      const { keyId } = await cappedKey({ daily_cap: 1 });
      const res = await api.fetch(`/admin/keys/${keyId}/caps`, {
        method: 'PUT',
        headers: { ...api.auth, 'content-type': 'application/json' },
        body: '{"daily_cap": 1000}',
      });
      expect(res.status).toBe(401);
    });
  });
});
