import type { Hex } from 'viem';

/** Base mainnet's USDC: the production token and EIP-712 domain, on a fake chain. */
export const BASE_USDC = {
  address: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913' as Hex,
  name: 'USD Coin',
  version: '2',
};
export const BASE = 'eip155:8453';
/** A paid endpoint of 0.10 credits that answers from data shipped with the product. */
export const SBI = '/v1/cbs/sbi/6210';

/** An x402 header (`PAYMENT-REQUIRED`, `PAYMENT-RESPONSE`) as JSON: base64 of UTF-8 JSON. */
export const decodeX402 = (header: string | null) =>
  JSON.parse(Buffer.from(header ?? '', 'base64').toString('utf8')) as Record<string, unknown>;
