import {
  FakeChain,
  FakeFacilitator,
  captureLogs,
  signPayment,
  type X402Requirement,
} from '@nl/testing';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { PROFILES, jsonOf, startStack, type Stack } from './support/stack.js';
import { BASE, BASE_USDC as USDC, SBI, decodeX402 as decode } from './support/x402.js';

const SIGNER = '0x5B35ca3268D28f54E7ccc36379Be0Aecd2075AE7';
/** The start of the facilitator's address: the SDK cuts a text answer short, after it. */
const SIGNER_START = SIGNER.slice(0, 10);

/** What a facilitator built on viem says when a settlement fails: kilobytes over many lines. */
const VIEM_TEXT = [
  'Nonce provided for the transaction is lower than the current nonce of the account.',
  'Try increasing the nonce or find the latest nonce with `getTransactionCount`.',
  '',
  'Request Arguments:',
  `  from:  ${SIGNER}`,
  `  data:  0xe3ee160e${'0000000000000000000000004b993d33d46844e769c4a0e8b5ea487a4e41a2fa'.repeat(24)}`,
  '',
  'Docs: https://viem.sh/docs/contract/writeContract',
  'Details: Nonce too low. Expected nonce to be 7 but got 6.',
  'Version: viem@2.57.20',
].join('\n');

/** What the payer may read of a failure: one line, short, none of the facilitator's words. */
function expectOneShortLine(text: unknown): void {
  expect(typeof text).toBe('string');
  expect((text as string).length).toBeLessThan(200);
  expect(text).not.toMatch(/[\r\n]/);
  expect(text).not.toMatch(/0x[0-9a-f]{6}/i);
  expect(text).not.toMatch(/viem|Request Arguments|Nonce too low/i);
}

describe.each(PROFILES)(
  'x402: a facilitator failure, as the payer and the log see it (%s)',
  (profile) => {
    const payer = privateKeyToAccount(generatePrivateKey());
    const payTo = privateKeyToAccount(generatePrivateKey()).address;
    const logs = captureLogs('gateway', 'info');
    let facilitator: FakeFacilitator;
    let api: Stack;
    let requirement: X402Requirement;

    const pay = async () =>
      fetch(`${api.url}${SBI}`, {
        headers: { 'payment-signature': await signPayment(payer, requirement) },
      });
    /** The gateway's log line `msg` written under the request id of `res`. */
    const logLine = (res: Response, msg: string) =>
      logs
        .lines()
        .find((line) => line.requestId === res.headers.get('x-request-id') && line.msg === msg);

    beforeAll(async () => {
      const chain = new FakeChain(USDC);
      chain.mint(payer.address, 1_000_000n);
      facilitator = await FakeFacilitator.start(chain, BASE);
      api = await startStack(profile, {
        logger: logs.logger,
        env: {
          X402_PAY_TO: payTo,
          X402_NETWORK: 'base',
          X402_FACILITATOR_URL: facilitator.url,
          X402_RPC_URL: 'off',
        },
      });
      const offer = await fetch(`${api.url}${SBI}`);
      requirement = (decode(offer.headers.get('payment-required')).accepts as X402Requirement[])[0];
    });
    afterEach(() => facilitator.fake.reset());
    afterAll(async () => {
      await api?.close();
      await facilitator?.close();
    });

    it.each([
      [
        'a 500 with a reason of the x402 vocabulary',
        500,
        {
          success: false,
          errorReason: 'invalid_exact_evm_transaction_failed',
          errorMessage: VIEM_TEXT,
        },
        'invalid_exact_evm_transaction_failed',
      ],
      [
        'a 200 whose reason is free text',
        200,
        {
          success: false,
          transaction: '',
          network: BASE,
          errorReason: VIEM_TEXT,
          errorMessage: VIEM_TEXT,
        },
        'facilitator_error',
      ],
      ['a 502 that is not JSON', 502, VIEM_TEXT, 'facilitator_error'],
    ])(
      'should answer a settlement failure (%s) with 402, a reason code and one short line; the details go to the log',
      async (_case, status, body, reason) => {
        facilitator.fake.fail(status, body, 1, '/settle');
        const res = await pay();
        expect(res.status).toBe(402);
        const receipt = decode(res.headers.get('payment-response'));
        expect(receipt).toEqual({
          success: false,
          transaction: '',
          network: BASE,
          payer: payer.address,
          errorReason: reason,
          errorMessage: expect.any(String),
        });
        const problem = await jsonOf(res);
        expect(problem).toMatchObject({ code: 'payment_required', reason });
        expect(decode(res.headers.get('payment-required')).error).toBe(reason);
        expectOneShortLine(receipt.errorMessage);
        expectOneShortLine(problem.detail);

        const line = logLine(res, 'x402 settlement failed: the answer is withheld');
        expect(line).toMatchObject({ level: 'warn', reason, payer: payer.address });
        expect(JSON.stringify(line?.facilitator)).toContain(SIGNER_START);
      },
    );

    it('should keep a verify refusal to its reason code and one line; the details go to the log', async () => {
      facilitator.fake.fail(
        200,
        {
          isValid: false,
          invalidReason: 'invalid_exact_evm_transaction_simulation_failed',
          invalidMessage: VIEM_TEXT,
        },
        1,
        '/verify',
      );
      const res = await pay();
      expect(res.status).toBe(402);
      const problem = await jsonOf(res);
      expect(problem.reason).toBe('invalid_exact_evm_transaction_simulation_failed');
      expectOneShortLine(problem.detail);
      const line = logLine(res, 'x402 payment refused by the facilitator');
      expect(JSON.stringify(line?.facilitator)).toContain(SIGNER_START);
    });

    it('should answer 503 without the facilitator’s words when it cannot be asked', async () => {
      facilitator.fake.fail(503, VIEM_TEXT, 1, '/verify');
      const res = await pay();
      expect(res.status).toBe(503);
      const problem = await jsonOf(res);
      expect(problem.code).toBe('upstream_unavailable');
      expectOneShortLine(problem.detail);
      const line = logLine(res, 'x402 facilitator could not be asked to verify a payment');
      expect(JSON.stringify(line)).toContain(SIGNER_START);
    });
  },
);
