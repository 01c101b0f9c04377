import { jest } from '@jest/globals';
import { DoubtfulCharges, isEmbedded } from '@nl/gateway-ledger';
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
              (SELECT coalesce(sum(charged), 0) FROM gw.credit_ledger WHERE account_id = a.id AND kind IN ('settle', 'refund'))::int AS charged
         FROM gw.account a WHERE a.id = $1`,
      [accountId],
    )) as { balance: number; open: number; charged: number }[];
    return row;
  }

  /** Lets the gateway undo what it told callers it did not charge; nothing may stay pending. */
  async function undoDoubtful() {
    expect(await api.gateway.get(DoubtfulCharges).run()).toBe(0);
  }

  async function usageCalls(accountId: string) {
    const [row] = (await api.db.query(
      'SELECT coalesce(sum(calls), 0)::int AS calls FROM gw.usage_daily WHERE account_id = $1',
      [accountId],
    )) as { calls: number }[];
    return row.calls;
  }

  it('should not send a paid answer whose charge cannot be written (finding 6)', async () => {
    const { accountId, key } = await api.account({ tier: 'trial', credits: 1 });
    jest.spyOn(api.credits, 'settle').mockRejectedValue(connectionLost());
    jest.spyOn(api.credits, 'closedAs').mockRejectedValue(connectionLost());
    const res = await api.fetch(LOOKUP, { headers: { 'x-api-key': key } });
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    expect(res.headers.get('x-credits-charged')).toBe('0.00');
    const body = await jsonOf(res);
    expect(body).toMatchObject({ code: 'database_unavailable' });
    expect(body).not.toHaveProperty('found');
    jest.restoreAllMocks();
    // Once the database answers, the open reservation of the dead settlement is released.
    await undoDoubtful();
    expect(await books(accountId)).toEqual({ balance: 100, open: 0, charged: 0 });
  });

  it('should not send a paid answer when writing its charge fails in any other way, nor retry it', async () => {
    const { accountId, key } = await api.account({ tier: 'trial', credits: 1 });
    const settle = jest
      .spyOn(api.credits, 'settle')
      .mockRejectedValue(new TypeError('not what a database says'));
    const before = logs.lines().length;
    const res = await api.fetch(LOOKUP, { headers: { 'x-api-key': key } });
    expect(res.status).toBe(503);
    expect(res.headers.get('x-credits-charged')).toBe('0.00');
    expect(await jsonOf(res)).not.toHaveProperty('found');
    expect(settle).toHaveBeenCalledTimes(1);
    const errors = logs
      .lines()
      .slice(before)
      .filter((l) => l.level === 'error');
    expect(errors.map((l) => l.msg)).toContain('could not write the charge of a paid answer');
    jest.restoreAllMocks();
    await undoDoubtful();
    expect(await books(accountId)).toEqual({ balance: 100, open: 0, charged: 0 });
  });

  it('should refund a settlement that landed while the database stayed away (told 0, charged 0)', async () => {
    const { accountId, key } = await api.account({ tier: 'trial', credits: 1 });
    const settle = api.credits.settle.bind(api.credits);
    jest.spyOn(api.credits, 'settle').mockImplementationOnce(async (chargeId, charge) => {
      await settle(chargeId, charge); // committed …
      throw connectionLost(); // … the answer was lost, and the database stays away:
    });
    jest.spyOn(api.credits, 'closedAs').mockRejectedValue(connectionLost());
    const res = await api.fetch(LOOKUP, { headers: { 'x-api-key': key } });
    expect(res.status).toBe(503);
    expect(res.headers.get('x-credits-charged')).toBe('0.00');
    jest.restoreAllMocks();
    await undoDoubtful();
    expect(await books(accountId)).toEqual({ balance: 100, open: 0, charged: 0 });
    // In the order written (the append-only ledger's rows lie in it; it has no serial id).
    const kinds = (await api.db.query(
      'SELECT kind, amount::int AS amount, charged::int AS charged FROM gw.credit_ledger WHERE account_id = $1 AND kind <> $2 ORDER BY ctid',
      [accountId, 'topup'],
    )) as { kind: string; amount: number; charged: number }[];
    // The embedded profile writes one row per charge, its net change; Postgres a reserve row first.
    expect(kinds).toEqual(
      isEmbedded(api.db)
        ? [
            { kind: 'settle', amount: -PRICE, charged: PRICE },
            { kind: 'refund', amount: PRICE, charged: -PRICE },
          ]
        : [
            { kind: 'reserve', amount: -10, charged: 0 },
            { kind: 'settle', amount: 0, charged: PRICE },
            { kind: 'refund', amount: PRICE, charged: -PRICE },
          ],
    );
    // The call was not delivered, so it does not count as used either.
    expect(await usageCalls(accountId)).toBe(0);
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

  describe('a call charged after its answer (Postgres)', () => {
    /** How this gateway charges after the answer (Postgres only: the embedded one reserves). */
    function afterwards() {
      if (!api.credits.afterwards) throw new Error('this ledger reserves every call');
      return api.credits.afterwards;
    }

    /** An account this gateway has seen with a balance covering many calls, and its key. */
    async function ample() {
      const { accountId, key } = await api.account({ tier: 'trial', credits: 1_000 });
      expect((await api.fetch(LOOKUP, { headers: { 'x-api-key': key } })).status).toBe(200);
      const chargesAfter = api.credits.afterwards?.chargesAfter(accountId, PRICE) ?? false;
      expect(chargesAfter).toBe(!isEmbedded(api.db));
      return { accountId, key, before: 100_000 - PRICE };
    }

    it('should not send the answer, and refund a charge that landed while the database stayed away', async () => {
      const { accountId, key, before } = await ample();
      if (isEmbedded(api.db)) return; // the embedded profile reserves every call from memory
      const charge = afterwards().charge.bind(afterwards());
      jest.spyOn(afterwards(), 'charge').mockImplementationOnce(async (request) => {
        await charge(request); // committed …
        throw connectionLost(); // … the answer was lost, and the database stays away:
      });
      jest.spyOn(api.credits, 'closedAs').mockRejectedValue(connectionLost());
      const res = await api.fetch(LOOKUP, { headers: { 'x-api-key': key } });
      expect(res.status).toBe(503);
      expect(res.headers.get('x-credits-charged')).toBe('0.00');
      expect(await jsonOf(res)).not.toHaveProperty('found');
      jest.restoreAllMocks();
      await undoDoubtful();
      expect(await books(accountId)).toEqual({ balance: before, open: 0, charged: PRICE });
      expect(await usageCalls(accountId)).toBe(1);
    });

    it('should charge once when a charge landed but its answer was lost, or failed before it landed', async () => {
      const { accountId, key, before } = await ample();
      if (isEmbedded(api.db)) return;
      const charge = afterwards().charge.bind(afterwards());
      jest
        .spyOn(afterwards(), 'charge')
        .mockImplementationOnce(async (request) => {
          await charge(request);
          throw connectionLost();
        })
        .mockRejectedValueOnce(connectionLost())
        .mockRejectedValueOnce(connectionLost())
        .mockImplementation(charge);
      for (const charged of [1, 2]) {
        const res = await api.fetch(LOOKUP, { headers: { 'x-api-key': key } });
        expect(res.status).toBe(200);
        expect(res.headers.get('x-credits-charged')).toBe('0.10');
        expect(await books(accountId)).toEqual({
          balance: before - charged * PRICE,
          open: 0,
          charged: (charged + 1) * PRICE,
        });
      }
    });
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
