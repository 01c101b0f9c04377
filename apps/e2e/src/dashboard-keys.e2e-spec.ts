import { NOTICE, SECRET, signedIn as signedInTo } from './support/dashboard.js';
import { PROFILES, startStack, type Stack } from './support/stack.js';

// The dashboard's key actions over HTTP: create (post/redirect/get, the secret shown once),
// revoke (never the account's last live key), rename and spend caps, each with its notice.
const LOOKUP = '/v1/cbs/sbi/6210';

describe.each(PROFILES)('the dashboard keys (%s)', (profile) => {
  let api: Stack;
  beforeAll(async () => {
    api = await startStack(profile);
  });
  afterAll(() => api?.close());

  const signedIn = () => signedInTo(api);
  const live = async (accountId: string) =>
    (await api.accounts.listKeys(accountId)).filter((k) => k.revokedAt === null);

  it('should answer create-key with a redirect and show the secret on the next page only', async () => {
    const { client, accountId, csrf } = await signedIn();
    const posted = await client.post('/dashboard/keys', { name: 'ci', mode: 'live', _csrf: csrf });
    expect([posted.status, posted.headers.get('location')]).toEqual([
      303,
      '/dashboard/keys/created',
    ]);
    const postBody = await posted.text();
    expect(postBody).toBe('');
    expect(await api.accounts.listKeys(accountId)).toHaveLength(2);

    const shown = await client.page('/dashboard/keys/created');
    expect(shown.status).toBe(200);
    const secret = SECRET.exec(shown.text)?.[1] as string;
    expect(secret).toMatch(/^nlk_live_/);
    expect(JSON.stringify([...client.jar])).not.toContain(secret);

    // A reload: the secret is gone, and no second key was made.
    const reloaded = await client.page('/dashboard/keys/created');
    expect(reloaded.status).toBe(200);
    expect(reloaded.text).not.toContain(secret);
    expect(reloaded.text).toContain('is shown only once');
    expect(await api.accounts.listKeys(accountId)).toHaveLength(2);

    for (const path of ['/dashboard/keys', '/dashboard/overview', '/dashboard/usage'])
      expect((await client.page(path)).text).not.toContain(secret);
    for (const table of ['api_key', 'dashboard_session'])
      expect(JSON.stringify(await api.db.query(`SELECT * FROM gw.${table}`))).not.toContain(secret);
    expect((await api.get(LOOKUP, { 'x-api-key': secret })).status).toBe(200);
  });

  it("should not show a new key's secret to another browser or account", async () => {
    const a = await signedIn();
    const b = await signedIn();
    expect((await a.client.post('/dashboard/keys', { _csrf: a.csrf })).status).toBe(303);
    // B's browser with A's flash cookie: the flash is A's account's, so B sees nothing.
    b.client.jar.set('nl_dash_flash', a.client.jar.get('nl_dash_flash') as string);
    expect((await b.client.page('/dashboard/keys/created')).text).not.toMatch(SECRET);
    expect((await a.client.page('/dashboard/keys/created')).text).not.toMatch(SECRET);
  });

  it("should refuse to revoke the account's only live key, on the page and on the server", async () => {
    const { client, accountId, key, keyInfo, csrf } = await signedIn();
    const test = await api.accounts.createKey(accountId, 'sandbox', 'test');
    const confirm = await client.page(`/dashboard/keys/${keyInfo.id}/revoke`);
    expect(confirm.status).toBe(200);
    expect(confirm.text).toContain('data-testid="last-live-key"');
    expect(confirm.text).toContain('create a new live key</a> first');
    expect(confirm.text).not.toContain('Revoke the key');

    const refused = await client.post(`/dashboard/keys/${keyInfo.id}/revoke`, { _csrf: csrf });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("is your account's only live key");
    expect((await live(accountId)).map((k) => k.id)).toContain(keyInfo.id);
    expect((await api.get(LOOKUP, { 'x-api-key': key })).status).toBe(200);

    // A test key does not count as a way in, and may always go.
    const gone = await client.submit(`/dashboard/keys/${test.info.id}/revoke`, { _csrf: csrf });
    expect([gone.posted, gone.to]).toEqual([303, '/dashboard/keys']);
    expect(NOTICE.exec(gone.text)?.[1]).toBe(`Key ${test.info.prefix} revoked.`);
    expect((await live(accountId)).map((k) => k.id)).toEqual([keyInfo.id]);
  });

  it('should warn that revoking the signed-in key signs out, then sign out once it is revoked', async () => {
    const { client, accountId, keyInfo, csrf } = await signedIn();
    const other = await api.accounts.createKey(accountId, 'spare');
    const confirm = await client.page(`/dashboard/keys/${keyInfo.id}/revoke`);
    expect(confirm.text).toContain('data-testid="own-key"');
    expect(confirm.text).toContain('revoking it signs you out');
    expect((await client.page(`/dashboard/keys/${other.info.id}/revoke`)).text).not.toContain(
      'own-key',
    );

    const out = await client.submit(`/dashboard/keys/${keyInfo.id}/revoke`, { _csrf: csrf });
    expect([out.posted, out.to, out.status]).toEqual([303, '/dashboard/sign-in', 200]);
    expect(NOTICE.exec(out.text)?.[1]).toContain(
      'You had signed in with it, so you are signed out',
    );
    expect((await client.page('/dashboard/overview')).location).toBe('/dashboard/sign-in');
    expect((await live(accountId)).map((k) => k.id)).toEqual([other.info.id]);
  });

  it('should leave one live key when the last two are revoked at once', async () => {
    const { client, accountId, keyInfo, csrf } = await signedIn();
    const other = await api.accounts.createKey(accountId, 'spare');
    const statuses = await Promise.all(
      [other.info.id, keyInfo.id].map(
        async (id) => (await client.post(`/dashboard/keys/${id}/revoke`, { _csrf: csrf })).status,
      ),
    );
    expect(statuses).toContain(303);
    expect(await live(accountId)).toHaveLength(1);
  });

  it('should confirm a rename and saved caps once, after a redirect', async () => {
    const { client, keyInfo, csrf } = await signedIn();
    const renamed = await client.submit(`/dashboard/keys/${keyInfo.id}/name`, {
      _csrf: csrf,
      name: 'production',
    });
    expect([renamed.posted, renamed.to]).toEqual([303, '/dashboard/keys']);
    expect(NOTICE.exec(renamed.text)?.[1]).toBe(`Key ${keyInfo.prefix} is now named “production”.`);
    expect((await client.page('/dashboard/keys')).text).not.toMatch(NOTICE);
    const caps = await client.submit(`/dashboard/keys/${keyInfo.id}/caps`, {
      _csrf: csrf,
      daily_cap: '5',
      monthly_cap: '',
      alert_percent: '',
    });
    expect(NOTICE.exec(caps.text)?.[1]).toBe(`Spend caps of key ${keyInfo.prefix} saved.`);
  });

  it('should explain a bad cap in words a customer can act on', async () => {
    const { client, keyInfo, csrf } = await signedIn();
    const bad = await client.post(`/dashboard/keys/${keyInfo.id}/caps`, {
      _csrf: csrf,
      daily_cap: '1.234',
      monthly_cap: 'lots',
      alert_percent: '150',
    });
    expect(bad.status).toBe(400);
    const text = (await bad.text()).replace(/\s+/g, ' ');
    expect(text).toContain('role="alert"');
    expect(text).toContain(
      'Daily cap: enter an amount in credits with at most two decimals, like 12.50',
    );
    expect(text).toContain('Monthly cap: enter an amount in credits');
    expect(text).toContain('Alert: enter a whole percentage from 1 to 100, like 80');
    expect(text).not.toMatch(/hundredths|dailyCap|must be null/);
  });

  it('should set spend caps from the keys page, enforce them and show the alert on the overview', async () => {
    const { client, accountId, key, keyInfo, csrf } = await signedIn();
    const bad = await client.post(`/dashboard/keys/${keyInfo.id}/caps`, {
      _csrf: csrf,
      daily_cap: '-1',
      monthly_cap: '',
      alert_percent: '',
    });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('role="alert"');
    const set = await client.post(`/dashboard/keys/${keyInfo.id}/caps`, {
      _csrf: csrf,
      daily_cap: '0.20',
      monthly_cap: '',
      alert_percent: '50',
    });
    expect([set.status, set.headers.get('location')]).toEqual([303, '/dashboard/keys']);
    expect((await api.accounts.listKeys(accountId))[0]).toMatchObject({
      dailyCap: 0.2,
      monthlyCap: null,
      alertPercent: 50,
    });
    expect((await client.page('/dashboard/overview')).text).not.toContain('cap-alerts');
    // Cached after the first call: 0.10 each, so the third would cross 0.20.
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await api.get(LOOKUP, { 'x-api-key': key })).status);
    expect(statuses).toEqual([200, 200, 402]);
    const overview = (await client.page('/dashboard/overview')).text.replace(/\s+/g, ' ');
    expect(overview).toContain('data-testid="cap-alerts"');
    expect(overview).toContain('daily cap of 0.20 credits (100%)');
    const keysPage = (await client.page('/dashboard/keys')).text.replace(/\s+/g, ' ');
    expect(keysPage).toContain('spent 0.20 today, 0.20 this month');
    // Usage names the endpoint as callers call it, not by its internal id.
    const usage = (await client.page('/dashboard/usage')).text;
    expect(usage).toContain('<code>GET /v1/cbs/sbi/:code</code>');
    expect(usage).not.toContain('<code>cbs.sbi.lookup</code>');
  });
});
