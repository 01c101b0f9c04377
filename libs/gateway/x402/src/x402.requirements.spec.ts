import { ENDPOINT_CATALOG } from '@nl/contracts-catalog';
import type { EndpointDefinition } from '@nl/contracts-core';
import { loadConfigSections } from '@nl/platform-config';
import { X402_CONFIG, type X402Settings } from './x402.config.js';
import { checkPayment, parsePayload } from './x402.payload.js';
import {
  decimalAmount,
  decodeHeader,
  encodeHeader,
  paymentRequired,
  priceOf,
  requirementsFor,
} from './x402.requirements.js';

const PAY_TO = `0x${'ab'.repeat(20)}`;

/** x402's settings as the gateway parses them from `env`, or the problems it reports. */
function parse(env: Record<string, string>): X402Settings | null {
  const [loaded] = loadConfigSections([X402_CONFIG], env as NodeJS.ProcessEnv);
  return loaded.value as X402Settings | null;
}

describe('x402 settings', () => {
  it('should be off without a pay-to address', () => {
    expect(parse({})).toBeNull();
  });

  it('should default to the testnet and its public facilitator', () => {
    expect(parse({ X402_PAY_TO: PAY_TO })).toMatchObject({
      network: 'base-sepolia',
      asset: { address: '0x036CbD53842c5426634e7929541eC2318f3dCF7e', name: 'USDC', version: '2' },
      facilitator: { kind: 'remote', url: 'https://x402.org/facilitator' },
      atomicPerCredit: 10_000n,
    });
  });

  it.each([
    [{ X402_NETWORK: 'base' }, /needs a mainnet facilitator/],
    [
      { X402_NETWORK: 'base', X402_FACILITATOR_URL: 'https://x402.org/facilitator' },
      /testnet only/,
    ],
    [
      {
        X402_NETWORK: 'base',
        X402_FACILITATOR_URL: 'https://f.example',
        X402_ASSET: `0x${'1'.repeat(40)},T,1`,
      },
      /X402_ASSET is for test chains/,
    ],
    [{ X402_RPC_URL: 'https://rpc.example' }, /needs X402_SIGNER_KEY/],
    [{ X402_NETWORK: 'ethereum' }, /X402_NETWORK must be one of base, base-sepolia/],
  ])('should refuse to start with %j', (env, problem) => {
    expect(() => parse({ X402_PAY_TO: PAY_TO, ...env })).toThrow(problem);
  });

  it('should refuse a pay-to that is no address', () => {
    expect(() => parse({ X402_PAY_TO: '0x123' })).toThrow(/X402_PAY_TO must be an address/);
  });

  it('should take base with USDC and the in-process facilitator', () => {
    expect(
      parse({
        X402_PAY_TO: PAY_TO,
        X402_NETWORK: 'base',
        X402_RPC_URL: 'https://rpc.example',
        X402_SIGNER_KEY: `0x${'2'.repeat(64)}`,
      }),
    ).toMatchObject({
      asset: { address: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', name: 'USD Coin' },
      facilitator: { kind: 'local', rpcUrl: 'https://rpc.example' },
    });
  });
});

describe('x402 requirements', () => {
  const settings = parse({ X402_PAY_TO: PAY_TO }) as X402Settings;

  it.each(ENDPOINT_CATALOG.filter((endpoint) => endpoint.x402).map((e) => [e.id, e] as const))(
    '%s: amount = price × 10,000 atomic USDC units, computed with integers',
    (_id, endpoint) => {
      const required = requirementsFor(endpoint, settings);
      // Hundredths of a credit × 100 = credits × 10,000.
      expect(required.amount).toBe(String(endpoint.price.fresh * 100));
      expect(required).toMatchObject({ scheme: 'exact', network: 'eip155:84532', payTo: PAY_TO });
    },
  );

  it.each([
    [1000n, 6, '0.001'],
    [10_000n, 6, '0.01'],
    [1_000_000n, 6, '1.00'],
    [123_456_789n, 6, '123.456789'],
    [0n, 6, '0.00'],
    [5n, 0, '5'],
    [15n, 1, '1.5'],
  ])('should write %s atomic units at %s decimals as %s, exactly', (atomic, decimals, text) => {
    expect(decimalAmount(atomic, decimals)).toBe(text);
  });

  it('should state the price in USDC, atomic units and credits; no decimal for an unknown token', () => {
    const sbi = ENDPOINT_CATALOG.find((e) => e.id === 'cbs.sbi.lookup') as EndpointDefinition;
    expect(priceOf(sbi, settings)).toEqual({
      amount: '0.001',
      asset: 'USDC',
      atomic: '1000',
      credits: '0.10',
    });
    const token = parse({ X402_PAY_TO: PAY_TO, X402_ASSET: `0x${'1'.repeat(40)},Test Token,1` });
    expect(priceOf(sbi, token as X402Settings)).toEqual({
      asset: 'Test Token',
      atomic: '1000',
      credits: '0.10',
    });
  });

  it('should accept x402 everywhere but on the two subscription-gated details', () => {
    expect(ENDPOINT_CATALOG.filter((e) => !e.x402).map((e) => e.id)).toEqual(
      ENDPOINT_CATALOG.filter((e) => e.subscription).map((e) => e.id),
    );
  });

  it('should round-trip the headers as standard base64 of JSON, and refuse what is not', () => {
    const endpoint = ENDPOINT_CATALOG[0];
    const required = paymentRequired(endpoint, settings, 'http://127.0.0.1/x');
    expect(decodeHeader(encodeHeader(required))).toEqual(required);
    expect(decodeHeader('%%%')).toBeUndefined();
    expect(decodeHeader(Buffer.from('not json').toString('base64'))).toBeUndefined();
    expect(parsePayload(decodeHeader('%%%'))).toMatchObject({ reason: 'invalid_payload' });
  });

  it('should check the payment against our requirement, not the client copy', () => {
    const required = requirementsFor(ENDPOINT_CATALOG[0], settings);
    const now = 1_800_000_000;
    const payment = {
      x402Version: 2 as const,
      accepted: { ...required },
      payload: {
        signature: `0x${'1'.repeat(130)}`,
        authorization: {
          from: `0x${'3'.repeat(40)}`,
          to: PAY_TO,
          value: required.amount,
          validAfter: '0',
          validBefore: String(now + 60),
          nonce: `0x${'4'.repeat(64)}`,
        },
      },
    };
    expect(checkPayment(payment, required, now)).toBeNull();
    expect(
      checkPayment(
        { ...payment, accepted: { ...required, maxTimeoutSeconds: 9_999 } },
        required,
        now,
      ),
    ).toMatchObject({ reason: 'invalid_payment_requirements' });
    expect(checkPayment(payment, required, now + 57)?.reason).toBe(
      'invalid_exact_evm_payload_authorization_valid_before',
    );
  });
});
