import type { EndpointDefinition } from '@nl/contracts-core';
import type { X402Settings } from './x402.config.js';
import { X402_NETWORKS } from './x402.networks.js';

/** One way to pay (x402 v2 `PaymentRequirements`): exact EIP-3009 transfer of `amount` atomic units to `payTo`. */
export interface PaymentRequirements {
  readonly scheme: 'exact';
  readonly network: string;
  readonly amount: string;
  readonly asset: string;
  readonly payTo: string;
  readonly maxTimeoutSeconds: number;
  readonly extra: { readonly name: string; readonly version: string };
}

/** The `PAYMENT-REQUIRED` header's content. */
export interface PaymentRequired {
  readonly x402Version: 2;
  readonly error: string;
  readonly resource: {
    readonly url: string;
    readonly description: string;
    readonly mimeType: string;
  };
  readonly accepts: readonly PaymentRequirements[];
}

/**
 * The atomic amount of an endpoint's fresh price, with integers only: the catalog keeps
 * hundredths of credits, so amount = hundredths × atomicPerCredit / 100 (exact for the
 * default 10,000 units per credit; a remainder is refused at start).
 */
export function atomicPrice(endpoint: EndpointDefinition, settings: X402Settings): bigint {
  const scaled = BigInt(endpoint.price.fresh) * settings.atomicPerCredit;
  if (scaled % 100n !== 0n)
    throw new Error(`${endpoint.id}: its price is not a whole number of atomic units`);
  return scaled / 100n;
}

/** What this server accepts for one call of `endpoint`: built here, never taken from a client. */
export function requirementsFor(
  endpoint: EndpointDefinition,
  settings: X402Settings,
): PaymentRequirements {
  return {
    scheme: 'exact',
    network: X402_NETWORKS[settings.network].caip2,
    amount: atomicPrice(endpoint, settings).toString(),
    asset: settings.asset.address,
    payTo: settings.payTo,
    maxTimeoutSeconds: settings.maxTimeoutSeconds,
    extra: { name: settings.asset.name, version: settings.asset.version },
  };
}

export function paymentRequired(
  endpoint: EndpointDefinition,
  settings: X402Settings,
  url: string,
  error = 'Payment required',
): PaymentRequired {
  return {
    x402Version: 2,
    error,
    resource: { url, description: endpoint.summary, mimeType: 'application/json' },
    accepts: [requirementsFor(endpoint, settings)],
  };
}

/** Standard base64 of UTF-8 JSON (not base64url), for the three x402 headers. */
export const encodeHeader = (value: unknown): string =>
  Buffer.from(JSON.stringify(value), 'utf8').toString('base64');

/** The JSON inside a header, or undefined when it is not base64 JSON. */
export function decodeHeader(value: string): unknown {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(value.trim())) return undefined;
  try {
    return JSON.parse(Buffer.from(value.trim(), 'base64').toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}
