import { closeDatabase, openDatabase } from '@nl/platform-database';
import { testConfig } from '@nl/testing';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DataSource } from 'typeorm';
import { AccountsService, hashApiKey } from '@nl/gateway-access';
import { CreditsService, LEDGER_DATABASE } from '@nl/gateway-ledger';

import { runAdminCli } from './admin-cli.js';
import { AdminService } from './admin.service.js';

describe.each(['standalone', 'distributed'] as const)('admin CLI (%s profile)', (profile) => {
  let db: DataSource;
  let accounts: AccountsService;
  let credits: CreditsService;

  beforeAll(async () => {
    db = await openDatabase(testConfig('gateway-access-test', profile).database, [LEDGER_DATABASE]);
    credits = new CreditsService(db);
    accounts = new AccountsService(db, credits);
  });
  afterAll(() => db.destroy());

  /** Runs one command; returns its exit code and everything it printed. */
  async function admin(...argv: string[]) {
    const lines: string[] = [];
    const code = await runAdminCli(argv, {
      admin: new AdminService(accounts, credits, db),
      print: (l) => lines.push(l),
    });
    return { code, text: lines.join('\n') };
  }
  async function json<T>(...argv: string[]): Promise<T> {
    const { code, text } = await admin(...argv, '--json');
    expect(code).toBe(0);
    return JSON.parse(text) as T;
  }

  it('should create an account with credits and show it', async () => {
    const name = `cli ${randomUUID()}`;
    const created = await admin(
      'create-account',
      '--name',
      name,
      '--tier',
      'paid',
      '--credits',
      '12.5',
    );
    expect(created.code).toBe(0);
    const id = /account ([0-9a-f-]{36})/.exec(created.text)?.[1] ?? '';
    expect(created.text).toContain('paid, 12.50 credits');
    expect((await accounts.getAccount(id)).balance).toBe(1250);
    // --json prints amounts in credits, as the admin API and /v1/account answer them.
    const listed = await json<{ id: string; name: string }[]>('list-accounts');
    expect(listed).toContainEqual(expect.objectContaining({ id, name, balance: 12.5 }));
    expect(await json('show', id)).toMatchObject({ id, balance: 12.5 });
    expect(await json('add-credits', id, '0.25')).toMatchObject({ balance: 12.75 });
    const shown = await admin('show', id);
    expect(shown.text).toMatch(/Balance\s+12\.75 credits/);
  });

  it('should print a new key once and store only its hash', async () => {
    const { id } = await json<{ id: string }>(
      'create-account',
      '--name',
      'cli keys',
      '--tier',
      'trial',
    );
    const created = await admin('create-key', id, '--name', 'prod');
    expect(created.code).toBe(0);
    const key = /nlk_live_[0-9A-Za-z]{32}/.exec(created.text)?.[0] ?? '';
    expect(created.text).toContain('cannot be shown again');
    const rows = (await db.query('SELECT * FROM gw.api_key WHERE account_id = $1', [id])) as {
      hash: string;
    }[];
    expect(JSON.stringify(rows)).not.toContain(key);
    expect(rows[0].hash).toBe(hashApiKey(key));
    expect((await accounts.findOwner(key))?.accountId).toBe(id);

    const [info] = await json<{ id: string; prefix: string }[]>('list-keys', id);
    expect(info.prefix).toBe(`${key.slice(0, 15)}…`);
    expect((await admin('list-keys', id)).text).not.toContain(key);
  });

  it('should revoke a key, and refuse a second revocation', async () => {
    const { id } = await json<{ id: string }>(
      'create-account',
      '--name',
      'cli revoke',
      '--tier',
      'paid',
    );
    const { key, id: keyId } = await json<{ key: string; id: string }>('create-key', id);
    expect((await admin('revoke-key', keyId)).code).toBe(0);
    expect(await new AccountsService(db, credits).findOwner(key)).toBeNull();
    const again = await admin('revoke-key', keyId);
    expect(again).toEqual({ code: 2, text: `There is no live key ${keyId}.` });
  });

  it('should roll a key, keeping the old secret for the overlap, and set expiry and scopes', async () => {
    const { id } = await json<{ id: string }>(
      'create-account',
      '--name',
      'cli roll',
      '--tier',
      'paid',
    );
    const later = new Date(Date.now() + 86_400_000).toISOString();
    const made = await json<{ key: string; id: string; expiresAt: string; scopes: string[] }>(
      'create-key',
      id,
      '--expires',
      later,
      '--scopes',
      'kvk,cbs',
    );
    expect(made).toMatchObject({ expiresAt: later, scopes: ['kvk', 'cbs'] });
    const rolled = await admin('roll-key', made.id, '--overlap', '3600');
    expect(rolled.code).toBe(0);
    const fresh = /nlk_live_[0-9A-Za-z]{32}/.exec(rolled.text)?.[0] ?? '';
    expect(rolled.text).toContain(`(${made.key.slice(0, 15)}…) works until`);
    const reader = new AccountsService(db, credits);
    expect((await reader.findOwner(fresh))?.keyId).toBe(made.id);
    expect((await reader.findOwner(made.key))?.keyId).toBe(made.id);
    const listed = (await admin('list-keys', id)).text;
    expect(listed).toContain(`previous ${made.key.slice(0, 15)}…`);
    expect(listed).toContain('scopes kvk,cbs');

    expect((await admin('roll-key', made.id, '--overlap', '0')).code).toBe(0);
    expect(await new AccountsService(db, credits).findOwner(fresh)).toBeNull();
    expect(await json('set-scopes', made.id, 'none')).toMatchObject({ scopes: null });
    expect(await json('set-expiry', made.id, 'none')).toMatchObject({ expiresAt: null });
    const bad = await admin('roll-key', made.id, '--overlap', '604801');
    expect(bad.code).toBe(2);
    expect(bad.text).toContain('overlap_seconds:');
    expect((await admin('set-scopes', made.id, 'weather')).text).toContain('scopes[0]:');
    expect((await admin('set-expiry', made.id, '2020-01-01T00:00:00Z')).text).toContain(
      'expires_at: The expiry 2020-01-01T00:00:00.000Z is not in the future.',
    );
  });

  it("should replace a key's spend caps and list them", async () => {
    const { id } = await json<{ id: string }>(
      'create-account',
      '--name',
      'cli caps',
      '--tier',
      'paid',
    );
    const { id: keyId } = await json<{ id: string }>('create-key', id);
    const set = await admin(
      'set-caps',
      keyId,
      '--daily',
      '12.5',
      '--monthly',
      '300',
      '--alert',
      '80',
    );
    expect(set).toEqual({
      code: 0,
      text: `Key ${keyId}:  caps 12.50/day, 300.00/month, alert at 80%.`,
    });
    expect((await admin('list-keys', id)).text).toContain('caps 12.50/day, 300.00/month');
    expect(await json('set-caps', keyId, '--monthly', '40')).toMatchObject({
      dailyCap: null,
      monthlyCap: 40,
      alertPercent: null,
    });
    expect((await admin('set-caps', keyId)).text).toBe(`Key ${keyId}:  no caps.`);
  });

  it("should set a key's allowed origins, list them, apply them at once and clear them", async () => {
    const { id } = await json<{ id: string }>(
      'create-account',
      '--name',
      'cli origins',
      '--tier',
      'paid',
    );
    const { key, id: keyId } = await json<{ key: string; id: string }>('create-key', id);
    expect((await accounts.findOwner(key))?.allowedOrigins).toBeUndefined(); // cached now
    const set = await admin(
      'set-origins',
      keyId,
      'HTTPS://Shop.example.nl/',
      'http://127.0.0.1:8080',
    );
    expect(set).toEqual({
      code: 0,
      text: `Key ${keyId}: only web pages of https://shop.example.nl, http://127.0.0.1:8080 may call with it.`,
    });
    expect((await admin('list-keys', id)).text).toContain(
      'origins https://shop.example.nl http://127.0.0.1:8080',
    );
    expect([...((await accounts.findOwner(key))?.allowedOrigins ?? [])]).toEqual([
      'https://shop.example.nl',
      'http://127.0.0.1:8080',
    ]);
    expect(await json('clear-origins', keyId)).toMatchObject({ id: keyId, allowedOrigins: null });
    expect((await accounts.findOwner(key))?.allowedOrigins).toBeUndefined();
    expect((await admin('list-keys', id)).text).not.toContain('origins');
  });

  it('should add credits through the ledger and change tier and subscriptions', async () => {
    const { id } = await json<{ id: string }>(
      'create-account',
      '--name',
      'cli money',
      '--tier',
      'trial',
    );
    expect((await admin('add-credits', id, '2.25')).text).toContain('the balance is 2.25');
    const [ledger] = (await db.query(
      `SELECT sum(amount)::int AS total, count(*)::int AS n FROM gw.credit_ledger WHERE account_id = $1 AND kind = 'topup'`,
      [id],
    )) as { total: number; n: number }[];
    expect(ledger).toEqual({ total: 225, n: 1 });
    expect((await admin('set-tier', id, 'premium')).code).toBe(0);
    expect((await admin('set-subscriptions', id, 'ndw-details,extra')).code).toBe(0);
    expect(await accounts.getAccount(id)).toMatchObject({
      tier: 'premium',
      subscriptions: ['ndw-details', 'extra'],
      balance: 225,
    });
    expect((await admin('set-subscriptions', id, 'none')).code).toBe(0);
    expect((await accounts.getAccount(id)).subscriptions).toEqual([]);
  });

  it.each([
    [['frobnicate'], /Unknown command "frobnicate"/],
    [['--bogus'], /Unknown option '--bogus'/],
    [['create-account', '--tier', 'paid'], /name: /],
    [['create-account', '--name', 'x', '--tier', 'gold'], /tier must be one of/],
    [['create-account', '--name', 'x', '--tier', 'paid', '--credits', '1.234'], /credits/],
    [['show'], /show needs an account id/],
    [['show', 'nope'], /"nope" is not an account id/],
    [['show', randomUUID()], /There is no account/],
    [['add-credits', randomUUID(), '5'], /There is no account/],
    [['revoke-key', 'nope'], /There is no live key nope/],
    [['set-caps', randomUUID(), '--daily', '5'], /There is no key/],
    [['set-caps', randomUUID(), '--daily', '0'], /daily_cap must be a positive number/],
    [['set-caps', randomUUID(), '--monthly', '1.234'], /monthly_cap/],
    [['set-caps', randomUUID(), '--alert', '101'], /alert_percent must not be greater than 100/],
    [['set-origins', randomUUID()], /set-origins needs at least one origin/],
    [['set-origins', randomUUID(), 'https://a.nl'], /There is no key/],
    [
      ['set-origins', randomUUID(), 'https://a.nl/path'],
      /allowed_origins\.0: "https:\/\/a\.nl\/path" is not an origin/,
    ],
    [['clear-origins'], /clear-origins needs a key id/],
  ])('should refuse %j with exit code 2 and a message', async (argv, message) => {
    const result = await admin(...argv);
    expect(result.code).toBe(2);
    expect(result.text).toMatch(message);
    expect(result.text).not.toMatch(/\n\s+at /); // no stack trace
  });

  it('should refuse a negative or zero top-up', async () => {
    const { id } = await json<{ id: string }>(
      'create-account',
      '--name',
      'cli zero',
      '--tier',
      'paid',
    );
    expect((await admin('add-credits', id, '0')).code).toBe(2);
    expect((await admin('add-credits', id, '-5')).code).toBe(2);
    expect((await accounts.getAccount(id)).balance).toBe(0);
  });
});

describe('admin CLI bootstrap (a fresh embedded database)', () => {
  let db: DataSource;
  let accounts: AccountsService;
  let credits: CreditsService;
  let dir: string;

  beforeAll(async () => {
    // A data directory of its own: `memory` is one scratch database per process, shared.
    dir = await mkdtemp(join(tmpdir(), 'nl-bootstrap-'));
    const config = testConfig('gateway-bootstrap-test', 'standalone', undefined, {
      PGLITE_DATA_DIR: join(dir, 'data'),
    });
    db = await openDatabase(config.database, [LEDGER_DATABASE]);
    credits = new CreditsService(db);
    accounts = new AccountsService(db, credits);
  });
  afterAll(async () => {
    await closeDatabase(db);
    await rm(dir, { recursive: true, force: true });
  });

  const bootstrap = async (...argv: string[]) => {
    const lines: string[] = [];
    const code = await runAdminCli(['bootstrap', ...argv], {
      admin: new AdminService(accounts, credits, db),
      print: (l) => lines.push(l),
    });
    return { code, text: lines.join('\n') };
  };

  it('should create the first account with a working live key, then do nothing on a second run', async () => {
    const first = await bootstrap('--credits', '50', '--json');
    expect(first.code).toBe(0);
    const made = JSON.parse(first.text) as {
      created: boolean;
      key: string;
      account: { id: string; name: string; tier: string; balance: number };
    };
    expect(made).toMatchObject({
      created: true,
      account: { name: 'Admin', tier: 'premium', balance: 50 },
    });
    expect((await accounts.findOwner(made.key))?.accountId).toBe(made.account.id);

    const second = await bootstrap();
    expect(second).toEqual({ code: 0, text: 'Accounts exist already: nothing done.' });
    // The x402 system account (made by a migration) and the new one.
    expect(await accounts.listAccounts()).toHaveLength(2);
  });

  it('should refuse a bad tier with a field error and exit code 2', async () => {
    expect(await bootstrap('--tier', 'gold')).toMatchObject({
      code: 2,
      text: expect.stringMatching(/^tier: /),
    });
  });
});
