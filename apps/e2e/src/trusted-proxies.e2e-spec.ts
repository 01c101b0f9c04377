import { FakeChain, FakeFacilitator } from '@nl/testing';
import type { Hex } from 'viem';
import { DashboardClient } from './support/dashboard.js';
import { startStack, type Stack } from './support/stack.js';
import { x402Env } from './support/x402.js';

// Which client a request is from, and whether it came over HTTPS, as the gateway believes it:
// X-Forwarded-For, -Proto and -Host only from the proxies named in TRUSTED_PROXIES. Any client
// could otherwise make the dashboard's cookie Secure or not, point an x402 payment's resource at
// another host, and dodge the per-IP sign-in limit with a new address per attempt.

const USDC = {
  address: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913' as Hex,
  name: 'USD Coin',
  version: '2',
};
const SPOOFED = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'api.example.com' };
/** Failed sign-ins one address may make in a minute (SIGN_IN_LIMIT). */
const SIGN_IN_LIMIT = 10;

describe.each([
  ['no proxy is configured (the default)', {}, false],
  ['the client is a configured proxy', { TRUSTED_PROXIES: '10.0.0.0/8,127.0.0.1' }, true],
])('X-Forwarded-* headers when %s', (_when, proxyEnv, trusted) => {
  let chain: FakeChain;
  let facilitator: FakeFacilitator;
  let api: Stack;

  beforeAll(async () => {
    chain = new FakeChain(USDC);
    facilitator = await FakeFacilitator.start(chain, 'eip155:8453');
    api = await startStack('standalone', {
      env: { ...proxyEnv, ...x402Env(facilitator.url) },
    });
  });
  afterAll(async () => {
    await api?.close();
    await facilitator?.close();
  });

  it(`should ${trusted ? '' : 'not '}make the dashboard's cookie Secure for X-Forwarded-Proto: https`, async () => {
    const { key } = await api.account({ tier: 'paid', credits: 1 });
    const res = await new DashboardClient(api).request('/dashboard/sign-in', {
      form: { key },
      headers: SPOOFED,
    });
    expect(res.status).toBe(303);
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^nl_dash=/);
    expect(/;\s*Secure/i.test(cookie)).toBe(trusted);
  });

  it(`should ${trusted ? '' : 'not '}take the x402 resource URL from X-Forwarded-Proto and -Host`, async () => {
    const res = await api.fetch('/v1/cbs/sbi/6210', { headers: SPOOFED });
    expect(res.status).toBe(402);
    const required = JSON.parse(
      Buffer.from(res.headers.get('payment-required') ?? '', 'base64').toString('utf8'),
    ) as { resource: { url: string } };
    expect(required.resource.url).toBe(
      trusted
        ? 'https://api.example.com/v1/cbs/sbi/6210'
        : `http://localhost:${new URL(api.url).port}/v1/cbs/sbi/6210`,
    );
  });

  it(`should ${trusted ? '' : 'not '}take the client's address from X-Forwarded-For`, async () => {
    const client = new DashboardClient(api);
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= SIGN_IN_LIMIT; attempt++) {
      const res = await client.request('/dashboard/sign-in', {
        form: { key: 'nlk_live_not-a-key' },
        headers: { 'x-forwarded-for': `203.0.113.${attempt + 1}` },
      });
      await res.arrayBuffer();
      statuses.push(res.status);
    }
    // One address per attempt: limited only when the header is ignored (all from 127.0.0.1).
    expect(statuses.slice(0, SIGN_IN_LIMIT)).toEqual(Array(SIGN_IN_LIMIT).fill(401));
    expect(statuses[SIGN_IN_LIMIT]).toBe(trusted ? 401 : 429);
  });
});
