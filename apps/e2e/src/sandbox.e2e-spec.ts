import { DOMAIN_PARTS } from '@nl/composition';
import { ENDPOINT_CATALOG } from '@nl/contracts-catalog';
import type { EndpointDefinition, SandboxRequest } from '@nl/contracts-core';
import { rdwRecording, recordedRows } from '@nl/domain-rdw';
import { DEMO_CREDITS, ensureDemoAccount, startBanner } from '@nl/gateway-app';
import { sandboxCall } from '@nl/gateway-core';
import { PLATFORM_CONFIG, type PlatformConfig } from '@nl/platform-config';
import { inprocBus } from '@nl/platform-transport';
import { RDW_DATASETS, RdwFake, captureLogs } from '@nl/testing';
import { PROFILES, jsonOf, startStack, type Stack } from './support/stack.js';

/** Endpoints of the domains that run and have a sandbox (each served one needs one). */
const BUILT = ENDPOINT_CATALOG.filter((e) => e.domain in DOMAIN_PARTS && e.sandbox);
const EXAMPLES = BUILT.flatMap((e) =>
  (e.sandbox?.examples ?? []).map((x) => [sandboxCall(e.method, x), e, x] as const),
);
const TRIGGERS = BUILT.flatMap((e) =>
  (e.sandbox?.triggers ?? []).map((t) => [sandboxCall(e.method, t), e, t] as const),
);

function send(api: Stack, endpoint: EndpointDefinition, request: SandboxRequest, key: string) {
  return api.fetch(request.path, {
    method: endpoint.method,
    headers: {
      'x-api-key': key,
      ...(request.body && { 'content-type': 'application/json' }),
    },
    body: request.body ? JSON.stringify(request.body) : undefined,
  });
}

describe('the sandbox in the catalog', () => {
  let api: Stack;
  beforeAll(async () => {
    api = await startStack('standalone');
  });
  afterAll(() => api.close());

  it('should give every endpoint a running service answers at least one sandbox example', () => {
    const config = api.gateway.get<PlatformConfig>(PLATFORM_CONFIG);
    if (config.transport.kind !== 'inproc')
      throw new Error('standalone runs on the in-process bus');
    const bus = config.transport.bus;
    const served = ENDPOINT_CATALOG.filter((e) => inprocBus.pick(bus, e.subject) !== undefined);
    expect(served.map((e) => e.id)).toEqual(expect.arrayContaining(BUILT.map((e) => e.id)));
    const without = served.filter((e) => !e.sandbox?.examples.length).map((e) => e.id);
    expect(without).toEqual([]);
  });
});

describe.each(PROFILES)('sandbox: test keys answer from recorded data (%s)', (profile) => {
  const logs = captureLogs('e2e', 'info');
  let api: Stack;
  let rdw: RdwFake;
  let accountId: string;
  let testKey: string;
  let liveKey: string;

  const ledgerRows = async () =>
    Number(
      (
        (await api.db.query('SELECT count(*) AS n FROM gw.credit_ledger WHERE account_id = $1', [
          accountId,
        ])) as { n: string }[]
      )[0].n,
    );

  beforeAll(async () => {
    // Only RDW has a fake, for the live side of the cache test; every other upstream is pinned
    // to nowhere by the test profile, as on a machine without internet.
    rdw = await RdwFake.start({ recording: rdwRecording, rows: recordedRows });
    rdw.setRows(RDW_DATASETS.vehicle, 'TT601D', [
      { ...recordedRows().get(`${RDW_DATASETS.vehicle}:TT601D`)?.[0], merk: 'LIVE FAKE MERK' },
    ]);
    api = await startStack(profile, { logger: logs.logger, serviceEnv: { RDW_URL: rdw.url } });
    const account = await api.account({ tier: 'premium', credits: 50 });
    accountId = account.accountId;
    liveKey = account.key;
    testKey = (await api.accounts.createKey(accountId, 'sandbox', 'test')).key;
  });
  afterAll(async () => {
    await api.close();
    await rdw.close();
  });

  it.each(EXAMPLES)(
    '%s answers 200 from recorded data, marked and free',
    async (_id, endpoint, example) => {
      const rowsBefore = await ledgerRows();
      const res = await send(api, endpoint, example, testKey);
      expect({ status: res.status, body: await jsonOf(res) }).toMatchObject({ status: 200 });
      expect(res.headers.get('x-sandbox')).toBe('true');
      expect(res.headers.get('x-credits-charged')).toBe('0.00');
      expect(res.headers.get('x-credits-remaining')).toBe('50.00');
      expect(await ledgerRows()).toBe(rowsBefore);
    },
  );

  it.each(TRIGGERS)(
    '%s: trigger %j gives its documented answer',
    async (_id, endpoint, trigger) => {
      const res = await send(api, endpoint, trigger, testKey);
      const body = await jsonOf(res);
      expect({ status: res.status, body }).toMatchObject({
        status: trigger.status,
        body: trigger.answer,
      });
      expect(res.headers.get('x-sandbox')).toBe('true');
      expect(res.headers.get('x-credits-charged')).toBe('0.00');
      if (trigger.status === 503 || trigger.status === 504)
        expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    },
  );

  it('should leave the balance and the ledger untouched by every sandbox call', async () => {
    expect((await api.accounts.getAccount(accountId)).balance).toBe(50_00);
    expect(await ledgerRows()).toBe(1); // the top-up
  });

  it('should never share a cache entry between a test key and a live key', async () => {
    const path = '/v1/rdw/vehicle-lite?license_plate=TT-601-D';
    const sandbox = await api.get(path, { 'x-api-key': testKey });
    expect((await jsonOf(sandbox)).vehicle.brand).toBe('VOLKSWAGEN');
    expect(sandbox.headers.get('x-sandbox')).toBe('true');

    const live = await api.get(path, { 'x-api-key': liveKey });
    expect(live.status).toBe(200);
    expect(live.headers.get('x-sandbox')).toBeNull();
    expect(live.headers.get('x-cache')).toBe('MISS');
    expect((await jsonOf(live)).vehicle.brand).toBe('LIVE FAKE MERK');
    expect(live.headers.get('x-credits-charged')).toBe('1.00');

    // And the other way round: the live entry is not what the sandbox answers next.
    const again = await api.get(path, { 'x-api-key': testKey });
    expect(again.headers.get('x-cache')).toBe('HIT');
    expect((await jsonOf(again)).vehicle.brand).toBe('VOLKSWAGEN');
  });

  it('should never answer a live key from recorded data', async () => {
    // VIES has no fake here and is pinned to nowhere. A number no test checks live (so no stored
    // answer exists, even in a shared database): the sandbox answers it from the recording, the
    // live key gets the 503 of an unreachable VIES (VIES's, not the member state's).
    const ask = (key: string) =>
      api.fetch('/v1/validate/vat', {
        method: 'POST',
        headers: { 'x-api-key': key, 'content-type': 'application/json' },
        body: JSON.stringify({ vat_number: 'NL000000024B01' }),
      });
    const sandbox = await ask(testKey);
    expect({ status: sandbox.status, body: await jsonOf(sandbox) }).toMatchObject({
      status: 200,
      body: { valid: false },
    });
    const live = await ask(liveKey);
    expect({ status: live.status, body: await jsonOf(live) }).toMatchObject({
      status: 503,
      body: { code: 'upstream_unavailable', detail: expect.stringMatching(/^VIES could not/) },
    });
    expect(live.headers.get('x-sandbox')).toBeNull();
    expect(live.headers.get('x-credits-charged')).toBe('0.00');
  });

  it('should say sandbox in the access log line of a test-key call only', async () => {
    await api.get('/v1/cbs/sbi/62.10', { 'x-api-key': testKey });
    await api.get('/v1/cbs/sbi/62.10', { 'x-api-key': liveKey });
    const access = logs
      .lines()
      .filter((l) => l['msg'] === 'request' && l['path'] === '/v1/cbs/sbi/62.10');
    expect(access.some((l) => l['sandbox'] === true)).toBe(true);
    expect(access.some((l) => l['sandbox'] === undefined && l['status'] === 200)).toBe(true);
  });

  it('should hold test keys to the per-minute limit of the tier, like live keys', async () => {
    const trial = await api.account({ tier: 'trial', credits: 0 });
    const key = (await api.accounts.createKey(trial.accountId, 'sandbox', 'test')).key;
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push(
        (await api.get('/v1/rdw/vehicle-lite?license_plate=R-759-BK', { 'x-api-key': key })).status,
      );
    // Trial: 10 per minute on vehicle lookups; no credits needed in the sandbox.
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(statuses[10]).toBe(429);
  });
});

describe('the demo account of the first standalone start', () => {
  let api: Stack;
  beforeAll(async () => {
    api = await startStack('standalone');
  });
  afterAll(() => api.close());

  // The stack made accounts already; the demo is made on a database without any.
  // (every table but the x402 system account, which its migration makes on every database).
  async function emptyDatabase(): Promise<void> {
    await api.db.query(
      'TRUNCATE gw.usage_daily, gw.credit_reservation, gw.credit_ledger, gw.dashboard_session, gw.api_key',
    );
    await api.db.query(`DELETE FROM gw.account WHERE name <> 'x402 payments (system)'`);
  }

  it('should get a live and a test key, both printed with a curl line, the test key working offline', async () => {
    await emptyDatabase();
    const demo = await ensureDemoAccount(api.gateway);
    if (!demo) throw new Error('no demo account');
    expect(demo.liveKey).toMatch(/^nlk_live_[0-9A-Za-z]{32}$/);
    expect(demo.testKey).toMatch(/^nlk_test_[0-9A-Za-z]{32}$/);
    const banner = startBanner(api.url, demo);
    expect(banner).toContain(`curl -s -H 'X-Api-Key: ${demo.liveKey}'`);
    expect(banner).toContain(`curl -s -H 'X-Api-Key: ${demo.testKey}'`);

    const line = banner.split('\n').find((l) => l.includes(demo.testKey) && l.includes('curl'));
    const url = /'(http[^']+)'/.exec(line ?? '')?.[1] ?? '';
    const res = await fetch(url, { headers: { 'x-api-key': demo.testKey } });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-sandbox')).toBe('true');
    expect(await ensureDemoAccount(api.gateway)).toBeNull();
  });

  it.each([
    ['its keys', DEMO_CREDITS],
    ['its top-up and its keys', 0],
  ])(
    'should finish a first start that stopped before %s: the keys made and printed at the next',
    async (_, credits) => {
      await emptyDatabase();
      const left = await api.accounts.createAccount({ name: 'Demo', tier: 'trial', credits });
      const demo = await ensureDemoAccount(api.gateway);
      expect(demo).toMatchObject({
        accountId: left.id,
        liveKey: expect.stringMatching(/^nlk_live_/),
        testKey: expect.stringMatching(/^nlk_test_/),
      });
      expect((await api.accounts.getAccount(left.id)).balance).toBe(DEMO_CREDITS);
      expect((await api.accounts.listKeys(left.id)).map((k) => k.name).sort()).toEqual([
        'demo',
        'demo sandbox',
      ]);
      expect(await ensureDemoAccount(api.gateway)).toBeNull();
    },
  );

  it('should leave a keyless demo account alone when another account exists', async () => {
    await emptyDatabase();
    const demo = await api.accounts.createAccount({ name: 'Demo', tier: 'trial' });
    await api.accounts.createAccount({ name: 'Shop', tier: 'trial' });
    expect(await ensureDemoAccount(api.gateway)).toBeNull();
    expect(await api.accounts.listKeys(demo.id)).toEqual([]);
  });
});
