import type { EndpointDefinition } from '@nl/contracts-core';
import { ENDPOINT_CATALOG } from '@nl/contracts-catalog';
import { gatewayApp } from '@nl/gateway-app';
import { PROFILES, jsonOf, startStack, type Stack } from './support/stack.js';

/** 0.50 and 0.10 a call, cached or not: a settlement frees nothing that another call could use. */
const NO_LIMIT = { free: 100_000, trial: 100_000, paid: 100_000, premium: 100_000 };
const PRICES: Record<string, number> = { 'cbs.sbi.index': 50, 'cbs.sbi.lookup': 10 };
const foldCatalog = (): EndpointDefinition[] =>
  ENDPOINT_CATALOG.map((e) =>
    e.id in PRICES
      ? { ...e, price: { fresh: PRICES[e.id], cached: PRICES[e.id] }, limits: NO_LIMIT }
      : e,
  );
const AT_50 = '/v1/cbs/sbi?level=section';
const AT_10 = ['/v1/cbs/sbi/01.11', '/v1/cbs/sbi/10.71', '/v1/cbs/sbi/47.24'];
/** Five calls at once: 0.50, 0.50, 0.10, 0.10, 0.10. */
const MIX = [AT_50, AT_50, ...AT_10];
/** Accounts calling the mix at the same time, so that many of their calls share a round. */
const ACCOUNTS = 8;

const hundredths = (header: string | null) => Math.round(Number(header) * 100);

// Per account, calls are taken in the order they reach the credit statement, each one if it
// fits what the calls taken before it left. Of the mix on 0.70 (of balance, or of a daily cap)
// that is three calls whatever the order: 0.50 + 0.10 + 0.10, or the three 0.10s. A running sum
// that still counted refused calls took one or two, and told a 0.10 call it was refused with
// 0.20 left.
describe.each(PROFILES)('concurrent calls on a nearly spent balance (%s)', (profile) => {
  let api: Stack;
  beforeAll(async () => {
    api = await startStack(profile, { gateway: gatewayApp({ catalog: foldCatalog() }) });
  });
  afterAll(() => api?.close());

  /** An account with `credits` and its key, looked up once already (a free call). */
  async function caller(credits: number, dailyCap?: number) {
    const { accountId, key } = await api.account({ tier: 'paid', credits });
    if (dailyCap !== undefined) {
      const [{ id: keyId }] = await api.accounts.listKeys(accountId);
      await api.accounts.setSpendCaps(accountId, keyId, {
        dailyCap,
        monthlyCap: null,
        alertPercent: null,
      });
    }
    const headers = { 'x-api-key': key };
    expect((await api.fetch('/v1/account', { headers })).status).toBe(200);
    return { accountId, headers };
  }

  /** Every caller's mix at once; each caller's answers with their prices. */
  async function callAll(callers: readonly { headers: Record<string, string> }[]) {
    return Promise.all(
      callers.map(({ headers }) =>
        Promise.all(
          MIX.map(async (path) => {
            const res = await api.fetch(path, { headers });
            return { res, price: path === AT_50 ? 50 : 10, body: await jsonOf(res) };
          }),
        ),
      ),
    );
  }

  it('should take three of 0.50, 0.50, 0.10, 0.10, 0.10 on a balance of 0.70', async () => {
    const callers = await Promise.all(Array.from({ length: ACCOUNTS }, () => caller(0.7)));
    const answered = await callAll(callers);
    for (const [i, calls] of answered.entries()) {
      const taken = calls.filter((c) => c.res.status === 200);
      expect(calls.map((c) => c.res.status).sort()).toEqual([200, 200, 200, 402, 402]);
      const spent = taken.reduce((sum, c) => sum + c.price, 0);
      expect([70, 30]).toContain(spent);
      for (const c of taken)
        expect(hundredths(c.res.headers.get('x-credits-charged'))).toBe(c.price);
      for (const c of calls.filter((call) => call.res.status === 402)) {
        expect(c.body).toMatchObject({ code: 'insufficient_credits' });
        // What it is told is left is less than its price (a 0.50 call: 0.00, or 0.20 while the
        // three 0.10s are taken; never a 0.10 call with 0.20 left).
        const told = hundredths(c.res.headers.get('x-credits-remaining'));
        expect(told).toBeLessThan(c.price);
        expect(c.body.detail).toContain(`the balance is ${(told / 100).toFixed(2)}`);
      }
      expect((await api.accounts.getAccount(callers[i].accountId)).balance).toBe(70 - spent);
    }
  });

  it('should take three of the mix on a key capped at 0.70 a day', async () => {
    const callers = await Promise.all(Array.from({ length: ACCOUNTS }, () => caller(100, 0.7)));
    const answered = await callAll(callers);
    for (const [i, calls] of answered.entries()) {
      expect(calls.map((c) => c.res.status).sort()).toEqual([200, 200, 200, 402, 402]);
      const spent = calls.filter((c) => c.res.status === 200).reduce((s, c) => s + c.price, 0);
      for (const c of calls.filter((call) => call.res.status === 402)) {
        expect(c.body).toMatchObject({ code: 'spend_cap_reached', spend_cap: { cap: 0.7 } });
        expect(70 - Math.round(c.body.spend_cap.spent * 100)).toBeLessThan(c.price);
      }
      expect((await api.accounts.getAccount(callers[i].accountId)).balance).toBe(10_000 - spent);
    }
  });
});
