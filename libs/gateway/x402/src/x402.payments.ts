import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { ENDPOINT_CATALOG } from '@nl/contracts-catalog';
import type { EndpointDefinition } from '@nl/contracts-core';
import type { GatewayCall } from '@nl/gateway-core';
import { DomainError } from '@nl/platform-errors';
import { LOGGER, type Logger } from '@nl/platform-logging';
import { X402_CONFIG, type X402Settings } from './x402.config.js';
import type { Facilitator, SettleResult } from './x402.facilitator.js';
import { failureFor } from './x402.failures.js';
import { X402_NETWORKS } from './x402.networks.js';
import { checkPayment, isRefusal, parsePayload, type PaymentPayload } from './x402.payload.js';
import { X402Offer } from './x402.offer.js';
import {
  decodeHeader,
  encodeHeader,
  requirementsFor,
  type PaymentRequirements,
} from './x402.requirements.js';
import { X402Store, type PaymentKey } from './x402.store.js';
import { countCharge } from './charge.metrics.js';

/** Injection token of the facilitator the settings chose (null while x402 is off). */
export const X402_FACILITATOR = Symbol('X402_FACILITATOR');

/** A payment a call carries, checked against our requirement, not yet verified. */
export interface OfferedPayment {
  readonly payload: PaymentPayload;
  readonly requirements: PaymentRequirements;
  readonly key: PaymentKey;
}

const TX_HASH = /^0x[0-9a-fA-F]{64}$/;

/**
 * `PAYMENT-RESPONSE` as the payer gets it: the protocol's fields only, built by us (a remote
 * facilitator's answer may carry anything), `errorReason`/`errorMessage` when it failed.
 */
function receipt(
  settled: SettleResult,
  offer: OfferedPayment,
  errorReason?: string,
  errorMessage?: string,
) {
  return {
    success: errorReason === undefined,
    transaction: TX_HASH.test(settled.transaction) ? settled.transaction : '',
    network: offer.requirements.network,
    payer: offer.key.payer,
    ...(errorReason !== undefined && { errorReason, errorMessage }),
  };
}

/**
 * x402: a call without a key to an endpoint that accepts x402 is answered
 * 402 with our requirement; a call with `PAYMENT-SIGNATURE` is checked against our own
 * requirement for this route (never the client's copy), its payment reserved once per payer
 * and nonce, verified by the facilitator, and settled only after a 2xx answer.
 */
@Injectable()
export class X402Payments implements OnApplicationBootstrap {
  constructor(
    @Inject(X402_CONFIG.token) private readonly settings: X402Settings | null,
    @Inject(X402_FACILITATOR) private readonly facilitator: Facilitator | null,
    private readonly offer: X402Offer,
    private readonly store: X402Store,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * Says at start whether x402 is on, and checks every x402 price is a whole number of atomic
   * units (a start fails rather than a payment being built wrong).
   */
  onApplicationBootstrap(): void {
    const settings = this.settings;
    if (!settings) {
      this.logger.info('x402 is off (no X402_PAY_TO): calls without an API key answer 401');
      return;
    }
    const endpoints = ENDPOINT_CATALOG.filter((endpoint) => endpoint.x402);
    for (const endpoint of endpoints) requirementsFor(endpoint, settings);
    this.logger.info(
      {
        network: X402_NETWORKS[settings.network].caip2,
        payTo: settings.payTo,
        asset: settings.asset.address,
        facilitator:
          settings.facilitator.kind === 'remote' ? settings.facilitator.url : 'in-process',
        endpoints: endpoints.length,
      },
      'x402 is on: calls without an API key may pay per request',
    );
  }

  /** Whether a call without a key may pay for `endpoint` per request. */
  accepts(endpoint: EndpointDefinition): boolean {
    return this.settings !== null && endpoint.x402;
  }

  /** Throws the 402: `PAYMENT-REQUIRED` with our requirement, a problem body saying how to pay. */
  required(call: GatewayCall, error?: { reason: string; detail: string }): never {
    return this.offer.required(call, error);
  }

  /** The payment a call offers: 402 when it is malformed or not exactly ours. */
  offered(call: GatewayCall, header: string): OfferedPayment {
    const parsed = parsePayload(decodeHeader(header));
    if (isRefusal(parsed)) this.required(call, parsed);
    const requirements = requirementsFor(call.endpoint, this.settings as X402Settings);
    const refusal = checkPayment(parsed, requirements, Math.floor(Date.now() / 1000));
    if (refusal) this.required(call, refusal);
    const { from, nonce } = parsed.payload.authorization;
    return { payload: this.offer.ours(call, parsed), requirements, key: { payer: from, nonce } };
  }

  /**
   * Holds the payment for this call: reserved here first (a second request with it gets 402),
   * then verified by the facilitator; a refused or unverifiable payment is given back.
   */
  async hold(call: GatewayCall, offer: OfferedPayment): Promise<void> {
    const reserved = await this.store.reserve(offer.key, {
      endpoint: call.endpoint.id,
      requestId: call.requestId,
      amount: BigInt(offer.requirements.amount),
    });
    if (!reserved)
      this.required(call, {
        reason: 'payment_already_used',
        detail: 'this payment was sent before; sign a new one',
      });
    let verdict;
    try {
      verdict = await (this.facilitator as Facilitator).verify(offer.payload, offer.requirements);
    } catch (error) {
      await this.store.release(offer.key);
      this.logger.warn(
        { err: error, payer: offer.key.payer, requestId: call.requestId },
        'x402 facilitator could not be asked to verify a payment',
      );
      throw new DomainError(
        'upstream_unavailable',
        'The payment facilitator could not be reached; nothing was charged.',
        { retryAfterSeconds: 10, details: { upstream: 'x402-facilitator' } },
      );
    }
    if (!verdict.isValid) {
      await this.store.release(offer.key);
      const failure = failureFor(verdict.invalidReason);
      this.logger.info(
        {
          payer: offer.key.payer,
          requestId: call.requestId,
          reason: failure.reason,
          facilitator: { reason: verdict.invalidReason, message: verdict.invalidMessage },
        },
        'x402 payment refused by the facilitator',
      );
      this.required(call, { reason: failure.reason, detail: failure.message });
    }
  }

  /**
   * After the call: a failed answer is passed on and the payment given back, never settled; a
   * 2xx answer is settled, and a failed settlement turns it into a 402 with `PAYMENT-RESPONSE`
   * `success:false` (the buffered data is not sent).
   */
  async close(call: GatewayCall, offer: OfferedPayment, status: number): Promise<void> {
    if (status < 200 || status >= 300) {
      await this.store.release(offer.key);
      return;
    }
    const settled = await (this.facilitator as Facilitator).settle(
      offer.payload,
      offer.requirements,
    );
    if (!settled.success) {
      const failure = failureFor(settled.errorReason);
      // The facilitator's own words (the signer, the calldata, the library's version) are for
      // the operator, under this request's id; the payer gets a code and one line.
      this.logger.warn(
        {
          payer: offer.key.payer,
          requestId: call.requestId,
          endpoint: call.endpoint.id,
          reason: failure.reason,
          facilitator: {
            reason: settled.errorReason,
            message: settled.errorMessage,
            transaction: settled.transaction,
          },
        },
        'x402 settlement failed: the answer is withheld',
      );
      void call.reply.header(
        'payment-response',
        encodeHeader(receipt(settled, offer, failure.reason, failure.message)),
      );
      await this.store.fail(offer.key, failure.reason);
      this.required(call, { reason: failure.reason, detail: failure.message });
    }
    void call.reply
      .header('payment-response', encodeHeader(receipt(settled, offer)))
      .header('cache-control', 'no-store');
    countCharge(call.endpoint.id, 'x402', call.endpoint.price.fresh);
    await this.store
      .settle(offer.key, settled.transaction, call.endpoint.price.fresh)
      .catch((error: unknown) => {
        // Paid on chain: the caller gets the answer; the missing ledger row is an operator's job.
        this.logger.error(
          {
            err: error,
            payer: offer.key.payer,
            tx: settled.transaction,
            requestId: call.requestId,
          },
          'x402 payment settled but not booked',
        );
      });
  }
}
