import { generateApiKey, hashApiKey } from '@nl/gateway-access';
import { captureLogs } from '@nl/testing';
import { PROFILES, startStack, type Stack } from './support/stack.js';

const ADMIN_TOKEN = 'test-admin-token-secrets-0123456789';

describe.each(PROFILES)('API keys stay secret (%s)', (profile) => {
  const logs = captureLogs('e2e', 'debug');
  let api: Stack;
  const keys: string[] = [];

  beforeAll(async () => {
    api = await startStack(profile, { logger: logs.logger, env: { ADMIN_TOKEN } });
  });
  afterAll(() => api?.close());

  it('should never write a key into a log line, whatever the caller does with it', async () => {
    const { accountId, key } = await api.account({ tier: 'trial', credits: 0.1 });
    const stranger = generateApiKey();
    keys.push(key, stranger, ...Object.values(api.auth));

    const calls: [string, Record<string, string>][] = [
      ['/v1/cbs/sbi/6210', { 'x-api-key': key }], // 200
      ['/v1/cbs/sbi/6210', { authorization: `Bearer ${key}` }], // 402: the balance ran out
      ['/v1/cbs/sbi/6210', { 'x-api-key': key, authorization: `Bearer ${key}` }], // 400
      ['/v1/cbs/sbi/6210', { 'x-api-key': stranger }], // 401
      [`/v1/cbs/sbi/6210?api_key=${key}`, { 'x-api-key': key }], // 400: unknown parameter
      [`/v1/cbs/sbi/6210?api_key=${key.replace(/_/g, '%5F')}`, { 'x-api-key': key }], // 400
      [
        `/v1/cbs/sbi/6210?k=${encodeURIComponent(key).replace(/[a-z]/g, (c) => `%${c.charCodeAt(0).toString(16)}`)}`,
        { 'x-api-key': key },
      ], // 400
      [`/v1/cbs/${key}`, { 'x-api-key': key }], // 404
      ['/v1/account', { 'x-api-key': key }],
    ];
    const statuses: number[] = [];
    for (const [path, headers] of calls) statuses.push((await api.fetch(path, { headers })).status);
    expect(statuses).toEqual([200, 402, 400, 401, 400, 400, 400, 404, 200]);

    // A key made over the admin API is in that response body once, and nowhere in the logs.
    const created = await api.fetch(`/admin/accounts/${accountId}/keys`, {
      method: 'POST',
      headers: { 'x-admin-token': ADMIN_TOKEN, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'second' }),
    });
    expect(created.status).toBe(201);
    const { key: second } = (await created.json()) as { key: string };
    keys.push(second);
    expect((await api.get('/v1/cbs/sbi/6210', { 'x-api-key': second })).status).toBe(402);

    await new Promise((resolve) => setImmediate(resolve));
    const text = logs.text();
    // The run did log: a line per catalog call (six above), the one with the key in its query
    // string masked down to the visible prefix.
    expect(logs.lines().filter((line) => line.msg === 'request').length).toBeGreaterThanOrEqual(6);
    expect(text).toContain(`api_key=${key.slice(0, 15)}…[redacted]`);
    for (const k of keys) {
      expect(text).not.toContain(k);
      expect(text).not.toContain(k.slice(15)); // the secret part past the visible prefix
      expect(text).not.toContain(k.slice(-10)); // any run of it, percent-encoded or not
    }
    expect(text).not.toContain(ADMIN_TOKEN);
  });

  it('should store keys only as SHA-256 hashes with a short visible prefix', async () => {
    const { accountId, key } = await api.account({ tier: 'paid' });
    const rows = (await api.db.query('SELECT * FROM gw.api_key WHERE account_id = $1', [
      accountId,
    ])) as Record<string, unknown>[];
    expect(rows).toHaveLength(1);
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(key);
    expect(stored).not.toContain(key.slice(15));
    expect(rows[0]).toMatchObject({ hash: hashApiKey(key), prefix: `${key.slice(0, 15)}…` });
  });
});
