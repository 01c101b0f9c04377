import { x402Facilitator } from '@x402/core/facilitator';
import { HTTPFacilitatorClient } from '@x402/core/server';
import { SettleError, VerifyError } from '@x402/core/types';
import { toFacilitatorEvmSigner } from '@x402/evm';
import { ExactEvmScheme } from '@x402/evm/exact/facilitator';
import { createWalletClient, http, publicActions } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { base, baseSepolia } from 'viem/chains';
import type { X402Settings } from './x402.config.js';
import { FACILITATOR_ERROR } from './x402.failures.js';
import { X402_NETWORKS } from './x402.networks.js';
import { NonceQueue } from './x402.nonces.js';
import type { PaymentPayload } from './x402.payload.js';
import type { PaymentRequirements } from './x402.requirements.js';

/** What a facilitator answers to /verify and /settle (x402 v2). */
export interface VerifyResult {
  readonly isValid: boolean;
  readonly invalidReason?: string;
  readonly invalidMessage?: string;
  readonly payer?: string;
}
export interface SettleResult {
  readonly success: boolean;
  readonly transaction: string;
  readonly network: string;
  readonly payer?: string;
  readonly errorReason?: string;
  readonly errorMessage?: string;
}

/** The one port payments go through: a remote facilitator or the SDK's in-process one. */
export interface Facilitator {
  verify(payment: PaymentPayload, requirements: PaymentRequirements): Promise<VerifyResult>;
  settle(payment: PaymentPayload, requirements: PaymentRequirements): Promise<SettleResult>;
}

/** The SDK's facilitator client shape (remote client and in-process facilitator alike). */
interface SdkFacilitator {
  verify(payload: never, requirements: never): Promise<VerifyResult>;
  settle(payload: never, requirements: never): Promise<SettleResult>;
}

/**
 * Adapts the SDK: a refusal the SDK throws as VerifyError/SettleError becomes the answer it
 * carries. Any other failure of verify is thrown as it is (X402Payments answers 503 before
 * anything runs); of settle, it is a settlement that failed (the buffered answer becomes a 402,
 * never data for free). The texts are the facilitator's own, for the log: X402Payments tells the
 * payer a reason code and a line of its own.
 */
function adapt(sdk: SdkFacilitator, network: string): Facilitator {
  return {
    async verify(payment, requirements) {
      try {
        return await sdk.verify(payment as never, requirements as never);
      } catch (error) {
        if (error instanceof VerifyError)
          return {
            isValid: false,
            invalidReason: error.invalidReason,
            invalidMessage: error.invalidMessage,
          };
        throw error;
      }
    },
    async settle(payment, requirements) {
      try {
        return await sdk.settle(payment as never, requirements as never);
      } catch (error) {
        if (error instanceof SettleError)
          return {
            success: false,
            transaction: error.transaction ?? '',
            network,
            errorReason: error.errorReason,
            errorMessage: error.errorMessage,
          };
        return {
          success: false,
          transaction: '',
          network,
          errorReason: FACILITATOR_ERROR,
          errorMessage: error instanceof Error ? error.message : String(error),
        };
      }
    },
  };
}

/** The facilitator the settings choose: remote over HTTP, or the SDK's in this process. */
export function facilitatorFor(settings: X402Settings): Facilitator {
  const chain = X402_NETWORKS[settings.network];
  if (settings.facilitator.kind === 'remote')
    return adapt(
      new HTTPFacilitatorClient({ url: settings.facilitator.url, timeoutMs: 15_000 }),
      chain.caip2,
    );
  const account = privateKeyToAccount(settings.facilitator.signerKey);
  const client = createWalletClient({
    account,
    chain: settings.network === 'base' ? base : baseSepolia,
    transport: http(settings.facilitator.rpcUrl, { retryCount: 1, timeout: 15_000 }),
  }).extend(publicActions);
  const nonces = new NonceQueue(() =>
    client.getTransactionCount({ address: account.address, blockTag: 'pending' }),
  );
  // The SDK's settlements send through these two: each takes the signer's next nonce in turn.
  const signer = toFacilitatorEvmSigner({
    ...client,
    address: account.address,
    writeContract: (args: Parameters<typeof client.writeContract>[0]) =>
      nonces.send((nonce) => client.writeContract({ ...args, nonce })),
    sendTransaction: (args: Parameters<typeof client.sendTransaction>[0]) =>
      nonces.send((nonce) => client.sendTransaction({ ...args, nonce })),
  } as never);
  return inProcess(signer, chain.caip2);
}

/** The SDK's facilitator in this process, settling through `signer` (a chain, or a test's fake). */
function inProcess(signer: unknown, network: string): Facilitator {
  const facilitator = new x402Facilitator().register(
    network as `${string}:${string}`,
    new ExactEvmScheme(signer as never),
  );
  return adapt(facilitator as unknown as SdkFacilitator, network);
}
