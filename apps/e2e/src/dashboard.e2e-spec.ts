import { DashboardSessions, SessionStore } from '@nl/gateway-dashboard';
import { createHash, randomBytes } from 'node:crypto';
import { DashboardClient } from './support/dashboard.js';
import { PROFILES, jsonOf, startStack, type Stack } from './support/stack.js';

// The dashboard's sessions, CSRF, account isolation and sign-in limit, over HTTP.
const ADMIN_TOKEN = 'dashboard-admin-token-0123456789';
const LOOKUP = '/v1/cbs/sbi/6210';

describe.each(PROFILES)('the account dashboard (%s)', (profile) => {
  let api: Stack;
  beforeAll(async () => {
    // The tests' client stands in for a TLS proxy (X-Forwarded-Proto: https): it is trusted.
    api = await startStack(profile, { env: { ADMIN_TOKEN, TRUSTED_PROXIES: '127.0.0.1' } });
  });
  afterAll(() => api?.close());

  async function signedIn(tier: 'trial' | 'paid' = 'paid') {
    const account = await api.account({ tier, credits: 100 });
    const client = new DashboardClient(api);
    const res = await client.signIn(account.key);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/dashboard/overview');
    return { ...account, client };
  }

  /** A session written straight into the store, for expiry and rotation. */
  async function plantSession(
    accountId: string,
    keyId: string,
    times: { rotatedAt: number; expiresAt: number },
  ) {
    const value = randomBytes(32).toString('base64url');
    const idHash = createHash('sha256').update(value).digest('hex');
    await api.gateway.get(SessionStore).backend.put(idHash, {
      accountId,
      keyId,
      csrf: 'planted',
      userAgent: null,
      createdAt: Date.now() - 60_000,
      ...times,
    });
    return value;
  }

  it('should send a visitor without a session to the sign-in page', async () => {
    const client = new DashboardClient(api);
    for (const path of [
      '/dashboard',
      '/dashboard/overview',
      '/dashboard/keys',
      '/dashboard/usage.csv',
    ]) {
      const page = await client.page(path);
      expect([page.status, page.location]).toEqual([303, '/dashboard/sign-in']);
    }
    const signIn = await client.page('/dashboard/sign-in');
    expect(signIn.status).toBe(200);
    expect(signIn.text).toContain('<label for="key">API key</label>');
  });

  it('should set a short-lived HttpOnly SameSite=Strict cookie, Secure behind TLS, and a strict CSP', async () => {
    const { key } = await api.account({ tier: 'trial', credits: 1 });
    const res = await api.fetch('/dashboard/sign-in', {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-forwarded-proto': 'https',
      },
      body: new URLSearchParams({ key }).toString(),
      redirect: 'manual',
    });
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(
      /^nl_dash=[A-Za-z0-9_-]{43}; Path=\/dashboard; Max-Age=1800; HttpOnly; SameSite=Strict; Secure$/,
    );
    const plain = await new DashboardClient(api).signIn(key);
    expect(plain.headers.get('set-cookie')).not.toMatch(/Secure/);
    const page = await api.fetch('/dashboard/sign-in');
    expect(page.headers.get('content-security-policy')).toBe(
      "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
    );
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.headers.get('x-frame-options')).toBe('DENY');
  });

  it('should refuse test keys, revoked keys and unknown keys at sign-in', async () => {
    const { accountId } = await api.account({ tier: 'paid', credits: 1 });
    const test = await api.accounts.createKey(accountId, 'sandbox', 'test');
    const live = await api.accounts.createKey(accountId, 'old');
    await api.accounts.revokeKey(live.info.id);
    for (const key of [test.key, live.key, 'nlk_live_' + 'x'.repeat(40), 'not a key']) {
      const client = new DashboardClient(api);
      const res = await client.signIn(key);
      expect(res.status).toBe(401);
      expect(client.cookie).toBeNull();
    }
  });

  it('should treat a forged or an expired cookie as no session', async () => {
    const { accountId } = await api.account({ tier: 'paid', credits: 1 });
    const [key] = await api.accounts.listKeys(accountId);
    const forged = new DashboardClient(api);
    forged.cookie = randomBytes(32).toString('base64url');
    expect((await forged.page('/dashboard/overview')).location).toBe('/dashboard/sign-in');
    const expired = new DashboardClient(api);
    expired.cookie = await plantSession(accountId, key.id, {
      rotatedAt: Date.now() - 1000,
      expiresAt: Date.now() - 1,
    });
    expect((await expired.page('/dashboard/overview')).location).toBe('/dashboard/sign-in');
    const alive = new DashboardClient(api);
    alive.cookie = await plantSession(accountId, key.id, {
      rotatedAt: Date.now() - 1000,
      expiresAt: Date.now() + 60_000,
    });
    expect((await alive.page('/dashboard/overview')).status).toBe(200);
  });

  it('should rotate the session secret after five minutes and retire the old one', async () => {
    const { accountId } = await api.account({ tier: 'paid', credits: 1 });
    const [key] = await api.accounts.listKeys(accountId);
    const client = new DashboardClient(api);
    const old = await plantSession(accountId, key.id, {
      rotatedAt: Date.now() - 6 * 60_000,
      expiresAt: Date.now() + 60_000,
    });
    client.cookie = old;
    expect((await client.page('/dashboard/overview')).status).toBe(200);
    expect(client.cookie).not.toBe(old);
    expect((await client.page('/dashboard/overview')).status).toBe(200);
    const replay = new DashboardClient(api);
    replay.cookie = old;
    expect((await replay.page('/dashboard/overview')).location).toBe('/dashboard/sign-in');
  });

  it('should answer 403 to a form post without the CSRF token or from another site', async () => {
    const { client, accountId } = await signedIn();
    const before = (await api.accounts.listKeys(accountId)).length;
    expect((await client.post('/dashboard/keys', { name: 'x' })).status).toBe(403);
    expect((await client.post('/dashboard/keys', { name: 'x', _csrf: 'guess' })).status).toBe(403);
    const token = await client.csrf();
    const crossSite = await client.post(
      '/dashboard/keys',
      { name: 'x', _csrf: token },
      { 'sec-fetch-site': 'cross-site' },
    );
    expect(crossSite.status).toBe(403);
    const otherOrigin = await client.post(
      '/dashboard/keys',
      { name: 'x', _csrf: token },
      { origin: 'https://evil.example' },
    );
    expect(otherOrigin.status).toBe(403);
    expect(await api.accounts.listKeys(accountId)).toHaveLength(before);
    expect((await client.post('/dashboard/keys', { name: 'x', _csrf: token })).status).toBe(303);
    expect(await api.accounts.listKeys(accountId)).toHaveLength(before + 1);
  });

  it("should not let account A read or change account B's keys by id", async () => {
    const a = await signedIn();
    const b = await api.account({ tier: 'paid', credits: 10 });
    const [bKey] = await api.accounts.listKeys(b.accountId);
    const token = await a.client.csrf();
    expect((await a.client.page(`/dashboard/keys/${bKey.id}/revoke`)).status).toBe(404);
    expect(
      (await a.client.post(`/dashboard/keys/${bKey.id}/revoke`, { _csrf: token })).status,
    ).toBe(404);
    expect(
      (await a.client.post(`/dashboard/keys/${bKey.id}/name`, { _csrf: token, name: 'mine' }))
        .status,
    ).toBe(404);
    expect((await a.client.page('/dashboard/keys')).text).not.toContain(bKey.prefix);
    const [unchanged] = await api.accounts.listKeys(b.accountId);
    expect(unchanged).toMatchObject({ name: bKey.name, revokedAt: null });
    expect((await api.get(LOOKUP, { 'x-api-key': b.key })).status).toBe(200);
  });

  it('should end the session when its key is revoked, and every session on sign-out everywhere', async () => {
    const first = await signedIn();
    const second = new DashboardClient(api);
    await second.signIn(first.key);
    const other = await api.accounts.createKey(first.accountId, 'other');
    const third = new DashboardClient(api);
    await third.signIn(other.key);
    expect(await api.gateway.get(DashboardSessions).list(first.accountId)).toHaveLength(3);
    const out = await first.client.post('/dashboard/sign-out-everywhere', {
      _csrf: await first.client.csrf(),
    });
    expect(out.headers.get('location')).toBe('/dashboard/sign-in');
    for (const c of [first.client, second, third])
      expect((await c.page('/dashboard/overview')).location).toBe('/dashboard/sign-in');
    await third.signIn(other.key);
    await api.accounts.revokeKey(other.info.id);
    expect((await third.page('/dashboard/overview')).location).toBe('/dashboard/sign-in');
  });

  it('should give support key lookup by prefix and the sessions of an account', async () => {
    const { client, accountId, key } = await signedIn();
    const admin = { 'x-admin-token': ADMIN_TOKEN };
    const shown = `${key.slice(0, 15)}…`;
    const found = await jsonOf(
      await api.get(`/admin/keys?prefix=${encodeURIComponent(shown)}`, admin),
    );
    expect(found.keys).toEqual([expect.objectContaining({ accountId, prefix: shown })]);
    const byKey = await jsonOf(await api.get(`/admin/keys?prefix=${key}`, admin));
    expect(byKey.keys.map((k: { accountId: string }) => k.accountId)).toContain(accountId);
    expect((await api.get('/admin/keys?prefix=nlk', admin)).status).toBe(400);
    expect((await api.get(`/admin/accounts/${accountId}/sessions`)).status).toBe(401);
    const listed = await jsonOf(await api.get(`/admin/accounts/${accountId}/sessions`, admin));
    expect(listed.sessions).toHaveLength(1);
    const ended = await api.fetch(`/admin/accounts/${accountId}/sessions`, {
      method: 'DELETE',
      headers: admin,
    });
    expect(await jsonOf(ended)).toEqual({ ended: 1 });
    expect((await client.page('/dashboard/overview')).location).toBe('/dashboard/sign-in');
  });

  it('should parse forms for the dashboard only: API routes still refuse them with 415', async () => {
    const res = await api.fetch('/v1/validate/vat', {
      method: 'POST',
      headers: { ...api.auth, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'vat_number=NL123',
    });
    expect(res.status).toBe(415);
  });

  it('should say so once on the sign-in page after signing out', async () => {
    const { client } = await signedIn();
    const out = await client.submit('/dashboard/sign-out', { _csrf: await client.csrf() });
    expect([out.posted, out.to, out.status]).toEqual([303, '/dashboard/sign-in', 200]);
    expect(out.text).toMatch(/<p class="notice" role="status">\s*You are signed out\.\s*<\/p>/);
    expect((await client.page('/dashboard/sign-in')).text).not.toContain('role="status"');
  });

  it('should serve an icon at /favicon.ico and name it on every page', async () => {
    const icon = await api.fetch('/favicon.ico');
    expect([icon.status, icon.headers.get('content-type')]).toEqual([200, 'image/x-icon']);
    expect(Buffer.from(await icon.arrayBuffer()).subarray(0, 4)).toEqual(Buffer.from([0, 0, 1, 0]));
    const svg = await api.fetch('/dashboard/assets/favicon.svg');
    expect([svg.status, svg.headers.get('content-type')]).toEqual([200, 'image/svg+xml']);
    expect((await new DashboardClient(api).page('/dashboard/sign-in')).text).toContain(
      '<link rel="icon" href="/dashboard/assets/favicon.svg" type="image/svg+xml" />',
    );
  });
});

// Its own stack per profile: its failed sign-ins fill the address's window (every test here
// comes from 127.0.0.1), which would refuse the other tests' sign-ins for a minute.
describe.each(PROFILES)('the dashboard sign-in limit (%s)', (profile) => {
  let api: Stack;
  beforeAll(async () => {
    api = await startStack(profile);
  });
  afterAll(() => api?.close());

  it('should refuse every sign-in from an address, the right key too, after ten failures in a minute', async () => {
    const { key } = await api.account({ tier: 'paid', credits: 1 });
    const attempt = (k: string) => new DashboardClient(api).signIn(k);
    const wrong = 'nlk_live_' + 'y'.repeat(32);
    const statuses: number[] = [];
    for (let i = 0; i < 9; i++) statuses.push((await attempt(wrong)).status);
    // A sign-in that works does not count: the tenth failure still gets its 401.
    statuses.push((await attempt(key)).status, (await attempt(wrong)).status);
    expect(statuses).toEqual([...Array<number>(9).fill(401), 303, 401]);
    const right = await attempt(key);
    expect(right.status).toBe(429);
    expect(right.headers.get('set-cookie')).toBeNull();
    const retryAfter = Number(right.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await right.text()).toMatch(/Too many failed sign-ins from your address/);
    expect((await attempt(wrong)).status).toBe(429);
  });
});
