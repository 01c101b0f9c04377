import { x402Client } from '@x402/core/client';
import { registerExactEvmScheme } from '@x402/evm/exact/client';
import { wrapFetchWithPayment, x402Client as FetchClient } from '@x402/fetch';
import { LocalChain, captureLogs, localChainAvailable } from '@nl/testing';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import type { Hex, PrivateKeyAccount } from 'viem';
import { jsonOf, startStack, type Stack } from './support/stack.js';
import { SBI, decodeX402 as decode } from './support/x402.js';

/**
 * The whole way down: a real EVM in process (Hardhat 3's EDR), our own EIP-3009 token, and
 * the gateway's in-process facilitator (the x402 SDK's) settling over JSON-RPC. Base Sepolia's
 * chain id, since only a test chain may be paid in another token than USDC. EDR's native engine
 * is an optional package npm skips on Node 20 (its engines say 22): `.ci/run` installs it and
 * requires this test (X402_CHAIN_TEST=required); elsewhere it is skipped, saying so.
 */
const available = await localChainAvailable();
const required = process.env['X402_CHAIN_TEST'] === 'required';
if (!available && !required)
  process.stderr.write(
    'x402 chain test skipped: install the EDR engine for this platform (npm install --no-save @nomicfoundation/edr-linux-x64-gnu@0.22.0 on Linux x64)\n',
  );
const describeChain = available || required ? describe : describe.skip;

/** An agent as the x402 docs show one: the official fetch wrapper over the agent's own key. */
function agentFetch(account: PrivateKeyAccount): typeof fetch {
  const client = new FetchClient();
  registerExactEvmScheme(client, { signer: account });
  client.setSpendControls(false);
  return wrapFetchWithPayment(fetch, client);
}

describeChain('x402 on a real EVM (Hardhat EDR, own EIP-3009 token)', () => {
  const payer = privateKeyToAccount(generatePrivateKey());
  const facilitatorKey = generatePrivateKey();
  const payTo = privateKeyToAccount(generatePrivateKey()).address;
  let chain: LocalChain;
  let api: Stack;

  /** The gateway paid through its in-process facilitator on the chain, signing with `signerKey`. */
  const gateway = (signerKey: Hex, logs = captureLogs('gateway', 'info')) =>
    startStack('standalone', {
      logger: logs.logger,
      env: {
        X402_PAY_TO: payTo,
        X402_NETWORK: 'base-sepolia',
        X402_ASSET: `${chain.token.address},${chain.token.name},2`,
        X402_RPC_URL: chain.url,
        X402_SIGNER_KEY: signerKey,
        X402_FACILITATOR_URL: 'off',
      },
    });

  beforeAll(async () => {
    chain = await LocalChain.start(84532);
    await chain.mint(payer.address, 1_000_000n);
    await chain.fund(privateKeyToAccount(facilitatorKey).address);
    api = await gateway(facilitatorKey);
  }, 60_000);
  afterAll(async () => {
    await api?.close();
    await chain?.close();
  });

  it('should settle one real transferWithAuthorization: the payer pays exactly the price', async () => {
    const offer = await fetch(`${api.url}${SBI}`);
    expect(offer.status).toBe(402);
    const required = decode(offer.headers.get('payment-required'));
    expect(required.accepts).toEqual([
      expect.objectContaining({
        network: 'eip155:84532',
        asset: chain.token.address,
        amount: '1000',
        extra: { name: 'Test USD', version: '2' },
      }),
    ]);

    const client = new x402Client();
    registerExactEvmScheme(client, { signer: payer });
    client.setSpendControls(false);
    const payment = await client.createPaymentPayload(required as never);
    const before = await chain.balanceOf(payer.address);
    const res = await fetch(`${api.url}${SBI}`, {
      headers: { 'payment-signature': Buffer.from(JSON.stringify(payment)).toString('base64') },
    });
    expect(res.status).toBe(200);
    expect((await jsonOf(res)).found).toBe(true);
    const receipt = decode(res.headers.get('payment-response'));
    expect(receipt).toMatchObject({ success: true, network: 'eip155:84532' });
    const tx = receipt.transaction as Hex;
    expect((await chain.receiptOf(tx)).status).toBe('success');
    expect(await chain.balanceOf(payer.address)).toBe(before - 1000n);
    expect(await chain.balanceOf(payTo)).toBe(1000n);
    const rows = (await api.db.query(
      `SELECT charged::int AS charged FROM gw.credit_ledger WHERE kind = 'x402' AND tx_hash = $1`,
      [tx],
    )) as { charged: number }[];
    expect(rows).toEqual([{ charged: 10 }]);
  }, 30_000);

  // Settlements from the one facilitator signer take its account's nonces: paid at the same
  // moment they must still be sent in order, each with the next nonce. Two agents are the
  // smallest case that races; twenty are a burst of agents.
  it.each([2, 20])(
    'should settle %i agents paying at the same moment with @x402/fetch: all 200, balances exact',
    async (agents) => {
      const payers = Array.from({ length: agents }, () =>
        privateKeyToAccount(generatePrivateKey()),
      );
      for (const one of payers) await chain.mint(one.address, 1_000_000n);
      const payToBefore = await chain.balanceOf(payTo);

      const answers = await Promise.all(payers.map((one) => agentFetch(one)(`${api.url}${SBI}`)));

      const receipts = answers.map((res) => decode(res.headers.get('payment-response')));
      expect(receipts).toEqual(
        payers.map((one) => expect.objectContaining({ success: true, payer: one.address })),
      );
      expect(answers.map((res) => res.status)).toEqual(payers.map(() => 200));
      const hashes = receipts.map((receipt) => receipt.transaction as Hex);
      expect(new Set(hashes).size).toBe(agents);
      for (const one of payers) expect(await chain.balanceOf(one.address)).toBe(1_000_000n - 1000n);
      expect(await chain.balanceOf(payTo)).toBe(payToBefore + BigInt(agents) * 1000n);
      const [booked] = (await api.db.query(
        `SELECT count(*)::int AS n, sum(charged)::int AS charged FROM gw.credit_ledger
          WHERE kind = 'x402' AND tx_hash = ANY($1)`,
        [hashes],
      )) as { n: number; charged: number }[];
      expect(booked).toEqual({ n: agents, charged: agents * 10 });
    },
    60_000,
  );

  it('should tell the payer a reason code and one line when the settlement fails; viem’s text goes to the log', async () => {
    // A facilitator account without gas: verify passes (a call costs nothing), the settlement's
    // transaction is refused, and viem's error is kilobytes with the account and the calldata.
    const logs = captureLogs('gateway', 'info');
    const broke = await gateway(generatePrivateKey(), logs);
    try {
      const before = await chain.balanceOf(payer.address);
      const res = await agentFetch(payer)(`${broke.url}${SBI}`);
      expect(res.status).toBe(402);
      const receipt = decode(res.headers.get('payment-response'));
      expect(receipt).toMatchObject({ success: false, transaction: '', payer: payer.address });
      const problem = await jsonOf(res);
      expect(problem.reason).toBe(receipt.errorReason);
      expect(receipt.errorReason).toMatch(/^[a-z0-9_]+$/);
      for (const text of [receipt.errorMessage, problem.detail]) {
        expect(String(text).length).toBeLessThan(200);
        expect(text).not.toMatch(/[\r\n]|0x[0-9a-f]{6}|viem/i);
      }
      expect(await chain.balanceOf(payer.address)).toBe(before);
      const line = logs
        .lines()
        .find(
          (one) =>
            one.requestId === res.headers.get('x-request-id') &&
            one.msg === 'x402 settlement failed: the answer is withheld',
        );
      expect(JSON.stringify(line?.facilitator)).toMatch(/viem@[\d.]+/);
      expect(JSON.stringify(line?.facilitator).toLowerCase()).toContain(
        chain.token.address.toLowerCase(),
      );
    } finally {
      await broke.close();
    }
  }, 60_000);
});
