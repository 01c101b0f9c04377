import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { ENDPOINT_CATALOG } from '@nl/contracts-catalog';
import { formatCredits } from '@nl/contracts-core';
import { PublicBaseUrl, type GatewayCall } from '@nl/gateway-core';
import { DomainError } from '@nl/platform-errors';
import type { FastifyRequest } from 'fastify';
import { X402_CONFIG, type X402Settings } from './x402.config.js';
import type { DiscoveryExtensions } from './x402.discovery.js';
import type { PaymentPayload } from './x402.payload.js';
import {
  encodeHeader,
  paymentRequired,
  priceOf,
  resourceOf,
  routeKey,
} from './x402.requirements.js';

/**
 * What a 402 says: our requirement, the resource at the URL callers reach the API at (never a
 * Host a client chose), the Bazaar discovery extension of the route, and a problem body with the
 * price in the token and in credits. The extensions are made once, at start.
 */
@Injectable()
export class X402Offer implements OnApplicationBootstrap {
  /** The discovery extension of every x402 route (null while x402 is off). */
  private discovery: ReadonlyMap<string, DiscoveryExtensions> | null = null;

  constructor(
    @Inject(X402_CONFIG.token) private readonly settings: X402Settings | null,
    private readonly baseUrl: PublicBaseUrl,
  ) {}

  /** Their builder (and its schema validator) loads only where x402 is on. */
  async onApplicationBootstrap(): Promise<void> {
    if (!this.settings) return;
    const { discoveryByRoute } = await import('./x402.discovery.js');
    this.discovery = discoveryByRoute(ENDPOINT_CATALOG);
  }

  /**
   * The URL a call was made at, as callers reach the API: the public base URL, then the path
   * and query as sent. What a 402 names as its resource and the facilitator is given.
   */
  private urlOf(request: FastifyRequest): string {
    return `${this.baseUrl.of(request)}${request.url}`;
  }

  /** The discovery extension of the route called. */
  private discoveryOf(call: GatewayCall): DiscoveryExtensions | undefined {
    const route = call.request.routeOptions?.url ?? call.endpoint.paths[0] ?? '';
    return this.discovery?.get(routeKey(call.endpoint, route));
  }

  /**
   * A client's payment as the facilitator is given it: our resource and discovery extension,
   * not the client's copies (unsigned, so anything), since a Bazaar facilitator catalogues what
   * it is given; the client's other extensions pass.
   */
  ours(call: GatewayCall, payment: PaymentPayload): PaymentPayload {
    const bazaar = this.discoveryOf(call)?.bazaar;
    return {
      ...payment,
      resource: resourceOf(call.endpoint, this.urlOf(call.request)),
      ...(bazaar && { extensions: { ...payment.extensions, bazaar } }),
    };
  }

  /** Throws the 402: `PAYMENT-REQUIRED` with our requirement, a problem body saying how to pay. */
  required(call: GatewayCall, error?: { reason: string; detail: string }): never {
    const settings = this.settings as X402Settings;
    const required = paymentRequired(
      call.endpoint,
      settings,
      this.urlOf(call.request),
      error?.reason,
      this.discoveryOf(call),
    );
    void call.reply
      .header('payment-required', encodeHeader(required))
      .header('cache-control', 'no-store');
    const credits = formatCredits(call.endpoint.price.fresh);
    const price = priceOf(call.endpoint, settings);
    const inToken = price.amount === undefined ? '' : ` (${price.amount} ${price.asset})`;
    throw new DomainError(
      'payment_required',
      error
        ? `The payment was refused (${error.reason}): ${error.detail}.`
        : `This call costs ${credits} credits. Pay with an API key, or per request with x402.`,
      {
        members: {
          ...(error && { reason: error.reason }),
          price,
          ways_to_pay: {
            api_key: `Send an API key in X-Api-Key (or Authorization: Bearer); ${credits} credits are charged from its account (less when the answer comes from cache).`,
            x402: `Sign the requirement in the PAYMENT-REQUIRED header (x402 version 2, scheme exact: an EIP-3009 transfer of ${price.atomic} atomic units${inToken} of ${settings.asset.name} on ${required.accepts[0]?.network} to ${settings.payTo}) and send the same request again with the PAYMENT-SIGNATURE header. Nothing is settled unless the answer is a success.`,
          },
        },
      },
    );
  }
}
