import { x402Client } from '@x402/core/client';
import { registerExactEvmScheme } from '@x402/evm/exact/client';
import { FakeChain, FakeFacilitator, signPayment, type X402Requirement } from '@nl/testing';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { PROFILES, jsonOf, startStack, type Stack } from './support/stack.js';
import { BASE, BASE_USDC as USDC, SBI, decodeX402 as decode } from './support/x402.js';

const ADMIN_TOKEN = 'x402-e2e-admin-token-0123456789';
/** 0.10 credits × 10,000 atomic units per credit (0.01 USDC) ÷ 100 hundredths. */
const SBI_AMOUNT = '1000';

type Requirement = X402Requirement;

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');

describe.each(PROFILES)('x402: agents pay per request (%s)', (profile) => {
  const payer = privateKeyToAccount(generatePrivateKey());
  const payTo = privateKeyToAccount(generatePrivateKey()).address;
  let chain: FakeChain;
  let facilitator: FakeFacilitator;
  let api: Stack;
  let requirement: Requirement;

  /** A call without any key, as an agent makes it. */
  const keyless = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${api.url}${path}`, { headers });
  const pay = (path: string, signature: string) =>
    keyless(path, { 'payment-signature': signature });

  /** The SDK's own agent: reads PAYMENT-REQUIRED, signs, and gives the header to send. */
  async function sdkPayment(path: string): Promise<string> {
    const res = await keyless(path);
    const client = new x402Client();
    registerExactEvmScheme(client, { signer: payer });
    client.setSpendControls(false);
    const payload = await client.createPaymentPayload(
      decode(res.headers.get('payment-required')) as never,
    );
    return encode(payload);
  }

  beforeAll(async () => {
    chain = new FakeChain(USDC);
    chain.mint(payer.address, 1_000_000n);
    facilitator = await FakeFacilitator.start(chain, BASE);
    api = await startStack(profile, {
      env: {
        X402_PAY_TO: payTo,
        X402_NETWORK: 'base',
        X402_FACILITATOR_URL: facilitator.url,
        X402_RPC_URL: 'off',
        ADMIN_TOKEN,
      },
    });
    const res = await keyless(SBI);
    requirement = (decode(res.headers.get('payment-required')).accepts as Requirement[])[0];
  });
  afterAll(async () => {
    await api?.close();
    await facilitator?.close();
  });

  it('should answer a keyless call 402 with our requirement, no-store, and how to pay', async () => {
    const res = await keyless(SBI);
    expect(res.status).toBe(402);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(decode(res.headers.get('payment-required'))).toEqual({
      x402Version: 2,
      error: 'Payment required',
      resource: {
        // No PUBLIC_BASE_URL and no trusted proxy: localhost and the port it listens on.
        url: `http://localhost:${new URL(api.url).port}/v1/cbs/sbi/6210`,
        description: 'One SBI 2025 code',
        mimeType: 'application/json',
      },
      accepts: [
        {
          scheme: 'exact',
          network: BASE,
          amount: SBI_AMOUNT,
          asset: USDC.address,
          payTo,
          maxTimeoutSeconds: 120,
          extra: { name: 'USD Coin', version: '2' },
        },
      ],
      extensions: { bazaar: expect.objectContaining({ routeTemplate: '/v1/cbs/sbi/:code' }) },
    });
    const body = await jsonOf(res);
    expect(body).toMatchObject({
      status: 402,
      code: 'payment_required',
      price: { amount: '0.001', asset: 'USDC', atomic: SBI_AMOUNT, credits: '0.10' },
    });
    expect(Object.keys(body.ways_to_pay)).toEqual(['api_key', 'x402']);
  });

  it('should keep 401 where the catalog takes no x402 (the subscription-gated details)', async () => {
    const res = await keyless('/api/v1/ndw/truckparking/abc');
    expect(res.status).toBe(401);
    expect(res.headers.get('payment-required')).toBeNull();
  });

  it('should run a paid call, settle it after the 2xx and book it in the ledger', async () => {
    const before = chain.balanceOf(payer.address);
    const res = await pay(SBI, await sdkPayment(SBI));
    expect(res.status).toBe(200);
    expect((await jsonOf(res)).found).toBe(true);
    const receipt = decode(res.headers.get('payment-response'));
    expect(receipt).toMatchObject({
      success: true,
      network: BASE,
      transaction: expect.stringMatching(/^0x[0-9a-f]{64}$/),
    });
    expect(chain.balanceOf(payer.address)).toBe(before - 1000n);
    expect(chain.balanceOf(payTo)).toBeGreaterThanOrEqual(1000n);
    expect(res.headers.get('x-credits-charged')).toBeNull();
    const rows = (await api.db.query(
      `SELECT payer, tx_hash, endpoint, request_id, charged::int AS charged FROM gw.credit_ledger WHERE kind = 'x402' AND tx_hash = $1`,
      [receipt.transaction],
    )) as Record<string, unknown>[];
    expect(rows).toEqual([
      {
        payer: payer.address.toLowerCase(),
        tx_hash: receipt.transaction,
        endpoint: 'cbs.sbi.lookup',
        request_id: res.headers.get('x-request-id'),
        charged: 10,
      },
    ]);
  });

  it('should give the facilitator our resource and discovery extension, not the client’s', async () => {
    const offered = decode((await keyless(SBI)).headers.get('payment-required'));
    const signed = decode(await signPayment(payer, requirement));
    const forged = {
      ...signed,
      resource: { url: 'https://evil.example/catalog-me', description: 'x', mimeType: 'text/html' },
      extensions: { bazaar: { info: { input: { type: 'http', method: 'GET' } } }, other: 1 },
    };
    const calls = facilitator.fake.calls.length;
    expect((await pay(SBI, encode(forged))).status).toBe(200);
    const verify = facilitator.fake.calls.slice(calls).find((c) => c.path === '/verify');
    expect(JSON.parse(verify?.body ?? '{}').paymentPayload).toMatchObject({
      resource: offered.resource,
      extensions: { ...(offered.extensions as object), other: 1 },
    });
  });

  it('should refuse the same payment a second time, and let one of two concurrent requests through', async () => {
    const once = await signPayment(payer, requirement);
    expect((await pay(SBI, once)).status).toBe(200);
    const again = await pay(SBI, once);
    expect(again.status).toBe(402);
    expect((await jsonOf(again)).reason).toBe('payment_already_used');

    const shared = await signPayment(payer, requirement);
    const statuses = (await Promise.all([pay(SBI, shared), pay(SBI, shared)])).map((r) => r.status);
    expect(statuses.sort()).toEqual([200, 402]);
  });

  it.each([
    [
      'expired',
      { validBefore: String(Math.floor(Date.now() / 1000) - 5) },
      'invalid_exact_evm_payload_authorization_valid_before',
    ],
    [
      'valid far beyond the timeout',
      { validBefore: String(Math.floor(Date.now() / 1000) + 3_600) },
      'invalid_exact_evm_payload_authorization_valid_before',
    ],
    [
      'not valid yet',
      { validAfter: String(Math.floor(Date.now() / 1000) + 600) },
      'invalid_exact_evm_payload_authorization_valid_after',
    ],
    ['for too little', { value: '999' }, 'invalid_exact_evm_payload_authorization_value_mismatch'],
    [
      'to someone else',
      { to: '0x000000000000000000000000000000000000dEaD' },
      'invalid_exact_evm_payload_recipient_mismatch',
    ],
  ])('should refuse a payment %s with 402 and its reason', async (_case, over, reason) => {
    const res = await pay(SBI, await signPayment(payer, requirement, over));
    expect(res.status).toBe(402);
    expect((await jsonOf(res)).reason).toBe(reason);
    expect(res.headers.get('payment-required')).not.toBeNull();
  });

  it.each([
    ['on another network', { network: 'eip155:84532' }, 'invalid_network'],
    ['in another token', { asset: '0x036CbD53842c5426634e7929541eC2318f3dCF7e' }, 'invalid_asset'],
    [
      'for another price',
      { amount: '1' },
      'invalid_exact_evm_payload_authorization_value_mismatch',
    ],
    [
      'to another payTo',
      { payTo: '0x000000000000000000000000000000000000dEaD' },
      'invalid_exact_evm_payload_recipient_mismatch',
    ],
  ])('should refuse a requirement changed %s', async (_case, change, reason) => {
    const res = await pay(SBI, await signPayment(payer, { ...requirement, ...change }));
    expect(res.status).toBe(402);
    expect((await jsonOf(res)).reason).toBe(reason);
  });

  it('should refuse a forged payment: signed by another key, or not base64 JSON', async () => {
    const forged = await pay(
      SBI,
      await signPayment(payer, requirement, { signer: privateKeyToAccount(generatePrivateKey()) }),
    );
    expect(forged.status).toBe(402);
    expect((await jsonOf(forged)).reason).toMatch(/signature/);
    const garbage = await pay(SBI, 'not-a-payment');
    expect(garbage.status).toBe(402);
    expect((await jsonOf(garbage)).reason).toBe('invalid_payload');
  });

  it('should pass a failed answer through and settle nothing; the payment stays usable', async () => {
    const transfers = chain.transfers.length;
    const payment = await signPayment(payer, requirement);
    const notFound = await pay('/v1/cbs/sbi/99.99', await signPayment(payer, requirement));
    expect(notFound.status).toBe(404);
    expect(notFound.headers.get('payment-response')).toBeNull();
    const suggest = await keyless('/v1/kadaster/bag/address-suggest?q=abc');
    const suggestRequirement = (
      decode(suggest.headers.get('payment-required')).accepts as Requirement[]
    )[0];
    const unavailable = await pay(
      '/v1/kadaster/bag/address-suggest?q=abc',
      await signPayment(payer, suggestRequirement),
    );
    expect(unavailable.status).toBe(503);
    expect(chain.transfers.length).toBe(transfers);
    expect((await pay(SBI, payment)).status).toBe(200);
  });

  it('should turn the answer into a 402 when the settlement fails, with PAYMENT-RESPONSE success:false', async () => {
    chain.failSettlements = 1;
    const res = await pay(SBI, await signPayment(payer, requirement));
    expect(res.status).toBe(402);
    expect(decode(res.headers.get('payment-response'))).toMatchObject({ success: false });
    expect((await jsonOf(res)).code).toBe('payment_required');
  });

  it('should book a mixed run of key and x402 calls in one ledger: x402 rows = settled payments', async () => {
    // Key calls and paid calls interleaved: the key's settlements stay on its account, and
    // every settled payment is exactly one x402 row.
    const { accountId, key } = await api.account({ tier: 'paid', credits: 100 });
    for (const _round of [1, 2, 3]) {
      expect((await api.get(SBI, { 'x-api-key': key })).status).toBe(200);
      expect((await pay(SBI, await signPayment(payer, requirement))).status).toBe(200);
    }
    const [own] = (await api.db.query(
      `SELECT count(*)::int AS n, sum(charged)::int AS charged FROM gw.credit_ledger
        WHERE account_id = $1 AND kind = 'settle'`,
      [accountId],
    )) as { n: number; charged: number }[];
    expect(own).toEqual({ n: 3, charged: 30 });
    const rows = (await api.db.query(
      `SELECT tx_hash, charged::int AS charged FROM gw.credit_ledger WHERE kind = 'x402' AND payer = $1`,
      [payer.address.toLowerCase()],
    )) as { tx_hash: string; charged: number }[];
    const settled = chain.transfers.filter((t) => t.to === payTo.toLowerCase());
    expect(rows.map((r) => r.tx_hash).sort()).toEqual(settled.map((t) => t.hash).sort());
    for (const row of rows)
      expect(BigInt(row.charged) * 100n).toBe(settled.find((t) => t.hash === row.tx_hash)?.value);

    // One report: the admin's revenue shows both routes (the database may hold earlier runs).
    const revenue = await jsonOf(
      await api.get('/admin/revenue?days=1', { 'x-admin-token': ADMIN_TOKEN }),
    );
    expect(revenue.x402.calls).toBeGreaterThanOrEqual(settled.length);
    expect(revenue.api_keys.calls).toBeGreaterThanOrEqual(3);
    expect(revenue.x402.credits).toBeGreaterThanOrEqual(settled.length * 0.1 - 1e-9);
  });
});
