/** USDC counts in millionths: 1,000,000 atomic units are one USDC, on every network. */
export const USDC_DECIMALS = 6;

/**
 * The two networks x402 is sold on, with USDC's contract and EIP-712 domain on each. The domain
 * name differs: a signature made with the wrong one never verifies.
 */
export const X402_NETWORKS = {
  base: {
    caip2: 'eip155:8453',
    chainId: 8453,
    usdc: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
    usdcName: 'USD Coin',
  },
  'base-sepolia': {
    caip2: 'eip155:84532',
    chainId: 84532,
    usdc: '0x036CbD53842c5426634e7929541eC2318f3dCF7e',
    usdcName: 'USDC',
  },
} as const;

export type X402NetworkName = keyof typeof X402_NETWORKS;
export const X402_NETWORK_NAMES = Object.keys(X402_NETWORKS) as X402NetworkName[];

/** The public facilitator (x402.org): no key, for the testnet only. */
export const PUBLIC_TESTNET_FACILITATOR = 'https://x402.org/facilitator';
