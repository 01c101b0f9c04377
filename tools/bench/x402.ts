// The x402 rows of `npm run bench`: a cached SBI lookup paid per request with x402, beside the same
// call with an API key, through the standalone gateway. Payments are signed beforehand (one per
// request: each carries its own nonce); the facilitator is the x402 SDK's own, settling on an
// in-memory EIP-3009 chain, reached over HTTP on 127.0.0.1.
import { FakeChain, FakeFacilitator, signPayment, type X402Requirement } from '@nl/testing';
import type { Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { percentile, startDomainsApp } from './domain-load.js';

const PORT = 3410;
const SBI = '/v1/cbs/sbi/6210';
const CALLS = 1_500;
const CONCURRENCY = 10;
const USDC = {
  address: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913' as Hex,
  name: 'USD Coin',
  version: '2',
};

/** `calls` requests, `concurrency` at a time; req/s and latency percentiles in ms. */
async function closedLoop(calls: number, send: (i: number) => Promise<Response>) {
  const times: number[] = [];
  let next = 0;
  let failed = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < calls) {
        const i = next++;
        const t = performance.now();
        const res = await send(i);
        await res.arrayBuffer();
        if (res.status !== 200) failed++;
        times.push(performance.now() - t);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  return {
    reqPerSec: calls / seconds,
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    failed,
  };
}

/** Signs `count` payments of the requirement (EIP-3009, one nonce each). */
async function sign(payer: PrivateKeyAccount, count: number, requirement: X402Requirement) {
  const payments: string[] = [];
  for (let i = 0; i < count; i++) payments.push(await signPayment(payer, requirement));
  return payments;
}

/** Runs the rows and returns the lines to print. */
export async function runX402Bench(progress: (m: string) => void): Promise<string[]> {
  const chain = new FakeChain(USDC);
  const facilitator = await FakeFacilitator.start(chain, 'eip155:8453');
  const payTo = privateKeyToAccount(generatePrivateKey()).address;
  const app = await startDomainsApp('standalone-x402', PORT, {
    X402_PAY_TO: payTo,
    X402_NETWORK: 'base',
    X402_FACILITATOR_URL: facilitator.url,
    X402_RPC_URL: 'off',
  }).catch(async (error: unknown) => {
    await facilitator.close();
    throw error;
  });
  try {
    const url = `${app.base}${SBI}`;
    const offer = await fetch(url);
    const header = offer.headers.get('payment-required') ?? '';
    const [requirement] = (
      JSON.parse(Buffer.from(header, 'base64').toString('utf8')) as { accepts: X402Requirement[] }
    ).accepts;
    progress(`(x) signing ${CALLS + 100} x402 payments`);
    const payer = privateKeyToAccount(generatePrivateKey());
    chain.mint(payer.address, 1_000_000_000n);
    const payments = await sign(payer, CALLS + 100, requirement);
    const auth = { 'x-api-key': app.key };
    await fetch(url, { headers: auth }); // the cached answer both rows are served from
    progress(
      `(x) ${CALLS} cached SBI lookups with a key, then paid with x402, ${CONCURRENCY} at a time`,
    );
    await closedLoop(100, () => fetch(url, { headers: auth })); // warm-up
    const keyed = await closedLoop(CALLS, () => fetch(url, { headers: auth }));
    await closedLoop(100, (i) =>
      fetch(url, { headers: { 'payment-signature': payments[CALLS + i] } }),
    );
    const paid = await closedLoop(CALLS, (i) =>
      fetch(url, { headers: { 'payment-signature': payments[i] } }),
    );
    const row = (label: string, r: typeof keyed) =>
      `${label.padEnd(58)}${String(Math.round(r.reqPerSec)).padStart(6)} req/s   p50 ${r.p50.toFixed(1)} ms   p99 ${r.p99.toFixed(1)} ms   failed ${r.failed}${r.failed ? '  <-- !!' : ''}`;
    return [
      `x402 through the standalone gateway (${CALLS} calls each, ${CONCURRENCY} at a time; SDK facilitator on an in-memory chain over 127.0.0.1):`,
      row('cached GET /v1/cbs/sbi/6210 with an API key', keyed),
      row('cached GET /v1/cbs/sbi/6210 paid with x402 (verify+settle)', paid),
      `x402 / key = ${(paid.reqPerSec / keyed.reqPerSec).toFixed(2)}; settled on chain: ${chain.transfers.length} transfers`,
    ];
  } finally {
    await app.stop();
    await facilitator.close();
  }
}
