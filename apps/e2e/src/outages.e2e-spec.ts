import { jest } from '@jest/globals';
import { ReservationSweeper, SWEEP_AFTER_MS } from '@nl/gateway-access';
import { captureLogs } from '@nl/testing';
import { PROFILES, jsonOf, startStack, type Stack } from './support/stack.js';

// Issue 8, findings 6 and 7: the database failing under the gateway. The failures are injected
// into the gateway's own services (the statements themselves are exercised by every other
// suite); `apps/faults` stops real servers.

const LOOKUP = '/v1/cbs/sbi/6210';
const PRICE = 10; // the lookup's cached price, in hundredths (the stack has it cached)

/** What node-postgres throws when the server went away mid-statement. */
const connectionLost = () => new Error('Connection terminated unexpectedly');

describe.each(PROFILES)('the gateway when its database fails (%s)', (profile) => {
  const logs = captureLogs('e2e', 'info');
  let api: Stack;
  beforeAll(async () => {
    api = await startStack(profile, { logger: logs.logger });
    await api.get(LOOKUP); // cached from now on: every test below pays the cached price
  });
  afterAll(() => api?.close());
  afterEach(() => jest.restoreAllMocks());

  async function books(accountId: string) {
    const [row] = (await api.db.query(
      `SELECT a.balance::int AS balance,
              (SELECT count(*) FROM gw.credit_reservation WHERE account_id = a.id)::int AS open,
              (SELECT coalesce(sum(charged), 0) FROM gw.credit_ledger WHERE account_id = a.id AND kind = 'settle')::int AS charged
         FROM gw.account a WHERE a.id = $1`,
      [accountId],
    )) as { balance: number; open: number; charged: number }[];
    return row;
  }

  it('should not send a paid answer whose charge cannot be written (finding 6)', async () => {
    const { accountId, key } = await api.account({ tier: 'trial', credits: 1 });
    jest.spyOn(api.credits, 'settle').mockRejectedValue(connectionLost());
    jest.spyOn(api.credits, 'closedAs').mockRejectedValue(connectionLost());
    const res = await api.fetch(LOOKUP, { headers: { 'x-api-key': key } });
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    expect(res.headers.get('x-credits-charged')).toBeNull();
    const body = await jsonOf(res);
    expect(body).toMatchObject({ code: 'database_unavailable' });
    expect(body).not.toHaveProperty('found');
    expect(await books(accountId)).toEqual({ balance: 100 - 10, open: 1, charged: 0 });
    jest.restoreAllMocks();
    // The sweeper releases what the dead settlement held once it is old enough (only this
    // account's reservation is aged: other suites may share the database): nothing was charged.
    await api.db.query(
      `UPDATE gw.credit_reservation SET created_at = now() - make_interval(secs => $2::float8 / 1000)
        WHERE account_id = $1`,
      [accountId, SWEEP_AFTER_MS + 1_000],
    );
    expect(await api.gateway.get(ReservationSweeper).sweep()).toBeGreaterThanOrEqual(1);
    expect(await books(accountId)).toEqual({ balance: 100, open: 0, charged: 0 });
  });

  it('should charge once when the database returns during the retries', async () => {
    const { accountId, key } = await api.account({ tier: 'trial', credits: 1 });
    const settle = api.credits.settle.bind(api.credits);
    jest
      .spyOn(api.credits, 'settle')
      .mockRejectedValueOnce(connectionLost())
      .mockRejectedValueOnce(connectionLost())
      .mockImplementation(settle);
    const res = await api.fetch(LOOKUP, { headers: { 'x-api-key': key } });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-credits-charged')).toBe('0.10');
    expect(await books(accountId)).toEqual({ balance: 100 - PRICE, open: 0, charged: PRICE });
  });

  it('should charge once when a settlement landed but its answer was lost', async () => {
    const { accountId, key } = await api.account({ tier: 'trial', credits: 1 });
    const settle = api.credits.settle.bind(api.credits);
    jest.spyOn(api.credits, 'settle').mockImplementationOnce(async (chargeId, charge) => {
      await settle(chargeId, charge); // committed …
      throw connectionLost(); // … but the connection dropped before the answer
    });
    const res = await api.fetch(LOOKUP, { headers: { 'x-api-key': key } });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-credits-charged')).toBe('0.10');
    expect(await books(accountId)).toEqual({ balance: 100 - PRICE, open: 0, charged: PRICE });
  });

  it('should answer 503 database_unavailable, logged once, when the key cannot be looked up (finding 7)', async () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
      code: 'ECONNREFUSED',
    });
    jest.spyOn(api.accounts, 'findOwner').mockRejectedValue(refused);
    const before = logs.lines().length;
    for (let i = 0; i < 5; i++) {
      const res = await api.get(LOOKUP);
      expect(res.status).toBe(503);
      expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(res.headers.get('retry-after')).toBe('5');
      expect(await jsonOf(res)).toMatchObject({ code: 'database_unavailable', status: 503 });
    }
    const errors = logs
      .lines()
      .slice(before)
      .filter((l) => l.level === 'error');
    expect(errors.map((l) => l.msg)).toEqual(['database unavailable']);
    expect(JSON.stringify(errors)).not.toMatch(/SELECT/);
  });
});
