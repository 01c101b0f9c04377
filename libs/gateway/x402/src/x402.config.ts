import { defineConfigSection } from '@nl/platform-config';
import {
  PUBLIC_TESTNET_FACILITATOR,
  USDC_DECIMALS,
  X402_NETWORKS,
  X402_NETWORK_NAMES,
  type X402NetworkName,
} from './x402.networks.js';

/** How payments are verified and settled: a remote facilitator, or the SDK's in process. */
export type FacilitatorSettings =
  | { readonly kind: 'remote'; readonly url: string }
  | { readonly kind: 'local'; readonly rpcUrl: string; readonly signerKey: `0x${string}` };

/** x402 as configured; null when it is off (no pay-to address). */
export interface X402Settings {
  readonly network: X402NetworkName;
  readonly payTo: `0x${string}`;
  /** The token paid in: USDC of the network unless a test chain names its own. */
  readonly asset: {
    readonly address: `0x${string}`;
    readonly name: string;
    readonly version: string;
    /**
     * Its symbol and decimals, for the price in words: known for USDC; a test chain's token
     * (X402_ASSET) is given by its address and EIP-712 domain only, so its are unknown.
     */
    readonly symbol: string | null;
    readonly decimals: number | null;
  };
  readonly facilitator: FacilitatorSettings;
  /** Atomic token units per credit (USDC has 6 decimals: 10,000 = 0.01 USDC, one credit). */
  readonly atomicPerCredit: bigint;
  readonly maxTimeoutSeconds: number;
}

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const PRIVATE_KEY = /^0x[0-9a-fA-F]{64}$/;

/** The gateway's x402 variables. */
export const X402_CONFIG = defineConfigSection<X402Settings | null>(
  'x402',
  [
    {
      name: 'X402_PAY_TO',
      description:
        'Address (0x…, 40 hex) that receives x402 payments. Unset: x402 is off and calls without a key answer 401 (the start log says so).',
    },
    {
      name: 'X402_NETWORK',
      description: 'Network of x402 payments: `base` (mainnet, USDC) or `base-sepolia` (testnet).',
      default: 'base-sepolia',
    },
    {
      name: 'X402_FACILITATOR_URL',
      description:
        'Remote facilitator (POST /verify, /settle). Default on base-sepolia: the public x402.org facilitator; on base it must be set (a mainnet facilitator such as your own) unless X402_RPC_URL selects the in-process one.',
      upstream: 'http',
    },
    {
      name: 'X402_RPC_URL',
      description:
        'JSON-RPC URL of the network: with X402_SIGNER_KEY, payments are verified and settled in process (the SDK facilitator submits transferWithAuthorization and pays the gas) instead of by a remote facilitator.',
      upstream: 'http',
    },
    {
      name: 'X402_SIGNER_KEY',
      description:
        'Private key (0x + 64 hex) of the in-process facilitator’s account, which pays the gas of settlements. Only with X402_RPC_URL.',
      secret: true,
    },
    {
      name: 'X402_ASSET',
      description:
        'Token contract to be paid in, for test chains only (`address,eip712-name,eip712-version`); unset: the network’s USDC. Refused on base.',
    },
    {
      name: 'X402_ATOMIC_PER_CREDIT',
      description:
        'Atomic token units per credit (USDC: 6 decimals; 10000 = 0.01 USDC per credit).',
      default: '10000',
    },
    {
      name: 'X402_MAX_TIMEOUT_SECONDS',
      description:
        'How long a signed payment may stay valid (its validBefore at most this far ahead).',
      default: '120',
    },
  ],
  (read) => {
    const payTo = read.string('X402_PAY_TO');
    if (payTo === null) return null;
    if (!ADDRESS.test(payTo)) read.problem('X402_PAY_TO must be an address: 0x and 40 hex digits');
    const network = read.string('X402_NETWORK') as X402NetworkName;
    if (!X402_NETWORK_NAMES.includes(network))
      read.problem(`X402_NETWORK must be one of ${X402_NETWORK_NAMES.join(', ')}`);
    const chain = X402_NETWORKS[network] ?? X402_NETWORKS['base-sepolia'];
    const rpcUrl = read.url('X402_RPC_URL');
    const signerKey = read.string('X402_SIGNER_KEY');
    const remote =
      read.url('X402_FACILITATOR_URL') ??
      (network === 'base-sepolia' && !rpcUrl ? PUBLIC_TESTNET_FACILITATOR : null);
    let facilitator: FacilitatorSettings = { kind: 'remote', url: remote ?? '' };
    if (rpcUrl) {
      if (!signerKey || !PRIVATE_KEY.test(signerKey))
        read.problem('X402_RPC_URL needs X402_SIGNER_KEY: 0x and 64 hex digits');
      else facilitator = { kind: 'local', rpcUrl, signerKey: signerKey as `0x${string}` };
    } else if (!remote)
      read.problem(
        'x402 on base needs a mainnet facilitator: set X402_FACILITATOR_URL, or X402_RPC_URL and X402_SIGNER_KEY',
      );
    if (network === 'base' && remote === PUBLIC_TESTNET_FACILITATOR && !rpcUrl)
      read.problem('the public x402.org facilitator serves the testnet only, not base');
    const assetSpec = read.string('X402_ASSET');
    let asset: X402Settings['asset'] = {
      address: chain.usdc,
      name: chain.usdcName,
      version: '2',
      symbol: 'USDC',
      decimals: USDC_DECIMALS,
    };
    if (assetSpec) {
      const [address, name, version] = assetSpec.split(',').map((part) => part.trim());
      if (network === 'base') read.problem('X402_ASSET is for test chains: base is paid in USDC');
      if (!ADDRESS.test(address ?? '') || !name || !version)
        read.problem('X402_ASSET must be `address,eip712-name,eip712-version`');
      else
        asset = { address: address as `0x${string}`, name, version, symbol: null, decimals: null };
    }
    return {
      network,
      payTo: payTo as `0x${string}`,
      asset,
      facilitator,
      atomicPerCredit: BigInt(read.number('X402_ATOMIC_PER_CREDIT', 1, 1_000_000_000)),
      maxTimeoutSeconds: read.number('X402_MAX_TIMEOUT_SECONDS', 10, 3_600),
    };
  },
);
