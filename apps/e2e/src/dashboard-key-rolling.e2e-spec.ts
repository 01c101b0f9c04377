import { NOTICE, SECRET, signedIn as signedInTo } from './support/dashboard.js';
import { PROFILES, jsonOf, startStack, type Stack } from './support/stack.js';

// The dashboard's roll (a new secret shown once, the old one working for the chosen overlap,
// the session kept) and its expiry and scopes form.
const LOOKUP = '/v1/cbs/sbi/6210';

describe.each(PROFILES)('the dashboard key roll, expiry and scopes (%s)', (profile) => {
  let api: Stack;
  beforeAll(async () => {
    api = await startStack(profile);
  });
  afterAll(() => api?.close());

  const signedIn = () => signedInTo(api);
  const status = async (key: string) => {
    const res = await api.get(LOOKUP, { 'x-api-key': key });
    await res.arrayBuffer();
    return res.status;
  };

  it('should roll a key: the new secret once, both working for the overlap, the old one refused after', async () => {
    const { client, accountId, key: old, keyInfo, csrf } = await signedIn();
    await api.accounts.setSpendCaps(accountId, keyInfo.id, {
      dailyCap: 20,
      monthlyCap: null,
      alertPercent: 90,
    });
    expect(await status(old)).toBe(200);

    const keysPage = await client.page('/dashboard/keys');
    expect(keysPage.text).toContain(`href="/dashboard/keys/${keyInfo.id}/roll"`);
    const confirm = await client.page(`/dashboard/keys/${keyInfo.id}/roll`);
    expect(confirm.status).toBe(200);
    expect(confirm.text).toContain('name="overlap_seconds"');
    expect(confirm.text).toMatch(/value="86400"\s+selected/);

    const rolled = await client.submit(`/dashboard/keys/${keyInfo.id}/roll`, {
      overlap_seconds: '2',
      _csrf: csrf,
    });
    expect([rolled.posted, rolled.to]).toEqual([303, '/dashboard/keys/created']);
    const fresh = SECRET.exec(rolled.text)?.[1] as string;
    expect(fresh).toMatch(/^nlk_live_/);
    expect(rolled.text).toContain('data-testid="replaced"');
    expect(rolled.text).toContain(keyInfo.prefix);
    expect((await client.page('/dashboard/keys/created')).text).not.toContain(fresh);

    // The same key: caps kept; the session (signed in with it) goes on.
    const [after] = await api.accounts.listKeys(accountId);
    expect(after).toMatchObject({ id: keyInfo.id, dailyCap: 20, alertPercent: 90 });
    expect(after.previous?.prefix).toBe(keyInfo.prefix);
    expect((await client.page('/dashboard/keys')).status).toBe(200);
    expect(await status(old)).toBe(200);
    expect(await status(fresh)).toBe(200);
    await api.credits.written();
    const usage = await api.accounts.usage(accountId);
    expect(usage.reduce((sum, row) => sum + row.calls, 0)).toBe(3);

    const until = Date.parse(after.previous?.until as string);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, until - Date.now()) + 20));
    expect(await status(old)).toBe(401);
    expect(await status(fresh)).toBe(200);
  });

  it('should refuse an overlap over 7 days with the keys page and 400, nothing rolled', async () => {
    const { client, accountId, key, keyInfo, csrf } = await signedIn();
    const res = await client.post(`/dashboard/keys/${keyInfo.id}/roll`, {
      overlap_seconds: '604801',
      _csrf: csrf,
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('whole number of seconds from 0');
    expect((await api.accounts.listKeys(accountId))[0].prefix).toBe(keyInfo.prefix);
    expect(await status(key)).toBe(200);
  });

  it('should set expiry and scopes from the keys page and refuse a past expiry', async () => {
    const { client, accountId, key, keyInfo, csrf } = await signedIn();
    const past = await client.post(`/dashboard/keys/${keyInfo.id}/terms`, {
      expires_at: '2020-01-01T00:00',
      _csrf: csrf,
    });
    expect(past.status).toBe(400);
    expect(await past.text()).toContain('is not in the future');

    const saved = await client.submit(`/dashboard/keys/${keyInfo.id}/terms`, {
      expires_at: '2030-06-30T12:00',
      scope_kvk: 'on',
      _csrf: csrf,
    });
    expect(NOTICE.exec(saved.text)?.[1]).toBe(`Expiry and scopes of key ${keyInfo.prefix} saved.`);
    const [after] = await api.accounts.listKeys(accountId);
    expect(after).toMatchObject({ expiresAt: '2030-06-30T12:00:00.000Z', scopes: ['kvk'] });
    expect(saved.text).toContain('only kvk');
    const refused = await api.get(LOOKUP, { 'x-api-key': key });
    expect(refused.status).toBe(403);
    expect(await jsonOf(refused)).toMatchObject({ code: 'key_scope', scopes: ['kvk'] });

    // A new key with an expiry and scopes from the create form.
    const made = await client.submit('/dashboard/keys', {
      mode: 'live',
      expires_at: '2030-01-01T00:00',
      scope_cbs: 'on',
      _csrf: csrf,
    });
    expect(made.text).toMatch(SECRET);
    const created = (await api.accounts.listKeys(accountId))[1];
    expect(created).toMatchObject({ expiresAt: '2030-01-01T00:00:00.000Z', scopes: ['cbs'] });
  });
});
