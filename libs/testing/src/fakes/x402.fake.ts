import { x402Facilitator } from '@x402/core/facilitator';
import { ExactEvmScheme } from '@x402/evm/exact/facilitator';
import {
  decodeFunctionData,
  encodeAbiParameters,
  encodeEventTopics,
  encodeFunctionResult,
  getAddress,
  keccak256,
  parseAbi,
  toHex,
  verifyTypedData,
  type Hex,
} from 'viem';
import type { PrivateKeyAccount } from 'viem/accounts';
import { FakeUpstream } from '../fake-upstream.js';

/** The EIP-3009 token's functions the SDK facilitator calls. */
const TOKEN_ABI = parseAbi([
  'function transferWithAuthorization(address from, address to, uint256 value, uint256 validAfter, uint256 validBefore, bytes32 nonce, uint8 v, bytes32 r, bytes32 s)',
  'function balanceOf(address) view returns (uint256)',
  'function name() view returns (string)',
  'function version() view returns (string)',
  'function authorizationState(address, bytes32) view returns (bool)',
  'event Transfer(address indexed from, address indexed to, uint256 value)',
]);

type TransferArgs = readonly [Hex, Hex, bigint, bigint, bigint, Hex, ...unknown[]];

/**
 * A chain of one EIP-3009 token, in memory: balances, used nonces and a receipt per settled
 * transfer, behind the SDK facilitator's signer interface. Signatures are
 * checked with real EIP-712 recovery; only the chain itself is fake. `failSettlements` makes the
 * next settlements revert.
 */
export class FakeChain {
  readonly balances = new Map<string, bigint>();
  readonly usedNonces = new Set<string>();
  readonly transfers: { hash: Hex; from: string; to: string; value: bigint }[] = [];
  failSettlements = 0;
  private readonly receipts = new Map<Hex, { status: 'success' | 'reverted'; logs: unknown[] }>();

  constructor(
    readonly token: { address: Hex; name: string; version: string },
    private readonly facilitatorAddress: Hex = '0x00000000000000000000000000000000000fac11',
  ) {}

  mint(to: string, value: bigint): void {
    const key = to.toLowerCase();
    this.balances.set(key, (this.balances.get(key) ?? 0n) + value);
  }

  balanceOf(address: string): bigint {
    return this.balances.get(address.toLowerCase()) ?? 0n;
  }

  /** The signer the SDK's facilitator settles through. */
  signer() {
    const isToken = (address: string) => address.toLowerCase() === this.token.address.toLowerCase();
    return {
      getAddresses: () => [this.facilitatorAddress] as const,
      getCode: async ({ address }: { address: Hex }) =>
        isToken(address) ? ('0x6080' as Hex) : undefined,
      verifyTypedData: (args: Parameters<typeof verifyTypedData>[0]) => verifyTypedData(args),
      readContract: async (call: {
        address: Hex;
        functionName: string;
        args?: readonly unknown[];
      }) => this.read(call),
      writeContract: async (call: { functionName: string; args: readonly unknown[] }) =>
        this.write(call.functionName, call.args as unknown as TransferArgs),
      sendTransaction: async () => {
        throw new Error('the fake chain sends no raw transactions');
      },
      waitForTransactionReceipt: async ({ hash }: { hash: Hex }) =>
        this.receipts.get(hash) ?? { status: 'reverted', logs: [] },
    };
  }

  private read(call: { address: Hex; functionName: string; args?: readonly unknown[] }): unknown {
    switch (call.functionName) {
      case 'transferWithAuthorization':
        this.check(call.args as unknown as TransferArgs);
        return undefined;
      case 'balanceOf':
        return this.balanceOf(String(call.args?.[0]));
      case 'name':
        return this.token.name;
      case 'version':
        return this.token.version;
      case 'authorizationState':
        return this.usedNonces.has(
          `${String(call.args?.[0]).toLowerCase()}:${String(call.args?.[1])}`,
        );
      case 'tryAggregate':
        return (call.args?.[1] as { target: Hex; callData: Hex }[]).map((inner) =>
          this.aggregate(inner),
        );
      default:
        throw new Error(`the fake chain has no ${call.functionName}`);
    }
  }

  /** One call of a multicall, answered like the token would (for the SDK's diagnosis). */
  private aggregate(inner: { target: Hex; callData: Hex }): { success: boolean; returnData: Hex } {
    try {
      const { functionName, args } = decodeFunctionData({ abi: TOKEN_ABI, data: inner.callData });
      const result = this.read({ address: inner.target, functionName, args });
      return {
        success: true,
        returnData:
          functionName === 'transferWithAuthorization'
            ? '0x'
            : encodeFunctionResult({ abi: TOKEN_ABI, functionName, result } as never),
      };
    } catch {
      return { success: false, returnData: '0x' };
    }
  }

  private check([from, , value, validAfter, validBefore, nonce]: TransferArgs): void {
    const now = BigInt(Math.floor(Date.now() / 1000));
    if (now <= validAfter) throw new Error('FiatTokenV2: authorization is not yet valid');
    if (now >= validBefore) throw new Error('FiatTokenV2: authorization is expired');
    if (this.usedNonces.has(`${from.toLowerCase()}:${nonce}`))
      throw new Error('FiatTokenV2: authorization is used or canceled');
    if (this.balanceOf(from) < value) throw new Error('ERC20: transfer amount exceeds balance');
  }

  private write(functionName: string, args: TransferArgs): Hex {
    if (functionName !== 'transferWithAuthorization') throw new Error(`no ${functionName} here`);
    const [from, to, value, , , nonce] = args;
    const hash = keccak256(toHex(`${from}:${nonce}:${this.transfers.length}`));
    if (this.failSettlements > 0) {
      this.failSettlements--;
      this.receipts.set(hash, { status: 'reverted', logs: [] });
      return hash;
    }
    this.check(args);
    this.usedNonces.add(`${from.toLowerCase()}:${nonce}`);
    this.balances.set(from.toLowerCase(), this.balanceOf(from) - value);
    this.mint(to, value);
    this.transfers.push({ hash, from: from.toLowerCase(), to: to.toLowerCase(), value });
    const topics = encodeEventTopics({
      abi: TOKEN_ABI,
      eventName: 'Transfer',
      args: { from: getAddress(from), to: getAddress(to) },
    });
    this.receipts.set(hash, {
      status: 'success',
      logs: [
        {
          address: getAddress(this.token.address),
          topics,
          data: encodeAbiParameters([{ type: 'uint256' }], [value]),
        },
      ],
    });
    return hash;
  }
}

/**
 * A remote facilitator on 127.0.0.1 (POST /verify, /settle, GET /supported) running the SDK's
 * own facilitator logic over a {@link FakeChain}: the gateway's HTTP facilitator client talks
 * to it exactly as to x402.org or a self-hosted one. Make it fail with `.fake.fail(…)`.
 */
export class FakeFacilitator {
  private constructor(
    readonly fake: FakeUpstream,
    readonly chain: FakeChain,
  ) {}

  get url(): string {
    return this.fake.url;
  }

  static async start(chain: FakeChain, network: string): Promise<FakeFacilitator> {
    const facilitator = new x402Facilitator().register(
      network as `${string}:${string}`,
      new ExactEvmScheme(chain.signer() as never),
    );
    const body = (request: { json: unknown }) =>
      request.json as { paymentPayload: never; paymentRequirements: never };
    const fake = await FakeUpstream.start([
      {
        method: 'POST',
        path: '/verify',
        handle: async (request) => {
          const { paymentPayload, paymentRequirements } = body(request);
          return { body: await facilitator.verify(paymentPayload, paymentRequirements) };
        },
      },
      {
        method: 'POST',
        path: '/settle',
        handle: async (request) => {
          const { paymentPayload, paymentRequirements } = body(request);
          return { body: await facilitator.settle(paymentPayload, paymentRequirements) };
        },
      },
      { method: 'GET', path: '/supported', handle: () => ({ body: facilitator.getSupported() }) },
    ]);
    return new FakeFacilitator(fake, chain);
  }

  close(): Promise<void> {
    return this.fake.close();
  }
}

/** An x402 requirement as a client copies it into `accepted`. */
export interface X402Requirement {
  readonly scheme: string;
  readonly network: string;
  readonly amount: string;
  readonly asset: string;
  readonly payTo: string;
  readonly maxTimeoutSeconds: number;
  readonly extra: { readonly name: string; readonly version: string };
}

/**
 * A `PAYMENT-SIGNATURE` header signed by hand (EIP-3009 typed data), so a test or
 * the bench can make any member wrong (`over`); the chain id comes from the CAIP-2 network.
 */
export async function signPayment(
  payer: PrivateKeyAccount,
  accepted: X402Requirement,
  over: Partial<Record<'to' | 'value' | 'validAfter' | 'validBefore', string>> & {
    chainId?: number;
    signer?: PrivateKeyAccount;
  } = {},
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const authorization = {
    from: payer.address,
    to: over.to ?? accepted.payTo,
    value: over.value ?? accepted.amount,
    validAfter: over.validAfter ?? '0',
    validBefore: over.validBefore ?? String(now + accepted.maxTimeoutSeconds),
    nonce: toHex(crypto.getRandomValues(new Uint8Array(32))),
  };
  const signature = await (over.signer ?? payer).signTypedData({
    domain: {
      name: accepted.extra.name,
      version: accepted.extra.version,
      chainId: over.chainId ?? Number(accepted.network.split(':')[1]),
      verifyingContract: accepted.asset as Hex,
    },
    types: {
      TransferWithAuthorization: [
        { name: 'from', type: 'address' },
        { name: 'to', type: 'address' },
        { name: 'value', type: 'uint256' },
        { name: 'validAfter', type: 'uint256' },
        { name: 'validBefore', type: 'uint256' },
        { name: 'nonce', type: 'bytes32' },
      ],
    },
    primaryType: 'TransferWithAuthorization',
    message: {
      from: authorization.from,
      to: authorization.to as Hex,
      value: BigInt(authorization.value),
      validAfter: BigInt(authorization.validAfter),
      validBefore: BigInt(authorization.validBefore),
      nonce: authorization.nonce,
    },
  });
  const payment = { x402Version: 2, accepted, payload: { signature, authorization } };
  return Buffer.from(JSON.stringify(payment)).toString('base64');
}
