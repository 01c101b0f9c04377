import { jest } from '@jest/globals';
import {
  validateDiscoveryExtension,
  validateDiscoveryExtensionSpec,
  type DiscoveryExtension,
} from '@x402/extensions/bazaar';
import type { Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';

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

/** The gateway's x402 settings for a test: Base, paid to a new address, through `facilitator`. */
export const x402Env = (facilitator: string) => ({
  X402_PAY_TO: privateKeyToAccount(generatePrivateKey()).address,
  X402_NETWORK: 'base',
  X402_FACILITATOR_URL: facilitator,
  X402_RPC_URL: 'off',
});

/**
 * A Bazaar discovery extension as a facilitator checks it, with `@x402/extensions`' own two
 * validators (its Ajv warns of every `format` it does not know: kept quiet here).
 */
export function validateBazaar(extension: DiscoveryExtension) {
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  try {
    return {
      schema: validateDiscoveryExtension(extension),
      spec: validateDiscoveryExtensionSpec(extension as never),
    };
  } finally {
    warn.mockRestore();
  }
}
