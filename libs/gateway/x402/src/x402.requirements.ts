import { formatCredits, type EndpointDefinition } from '@nl/contracts-core';
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
  /** The Bazaar discovery extension, under `bazaar`, for facilitators that catalogue us. */
  readonly extensions?: Readonly<Record<string, unknown>>;
}

/**
 * One call's price in the 402's body: `amount` in whole tokens as a decimal text (USDC has 6
 * decimals: 1000 atomic units are 0.001 USDC; absent for a test token of unknown decimals),
 * `asset` the token's symbol (else its EIP-712 name), `atomic` what the payment transfers,
 * `credits` what an API key would be charged instead.
 */
export interface X402Price {
  readonly amount?: string;
  readonly asset: string;
  readonly atomic: string;
  readonly credits: string;
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

/**
 * `atomic` units as a decimal of `decimals` places, exact (integers only), trailing zeros
 * dropped down to two places: 1000 at 6 is `0.001`, 10000 is `0.01`, 1000000 is `1.00`.
 */
export function decimalAmount(atomic: bigint, decimals: number): string {
  const text = atomic.toString().padStart(decimals + 1, '0');
  const whole = text.slice(0, text.length - decimals);
  const fraction = text.slice(text.length - decimals).replace(/0+$/, '');
  return decimals === 0 ? whole : `${whole}.${fraction.padEnd(Math.min(2, decimals), '0')}`;
}

/** The price of one call of `endpoint` in the token, as the 402's body states it. */
export function priceOf(endpoint: EndpointDefinition, settings: X402Settings): X402Price {
  const atomic = atomicPrice(endpoint, settings);
  const { decimals, symbol, name } = settings.asset;
  return {
    ...(decimals !== null && { amount: decimalAmount(atomic, decimals) }),
    asset: symbol ?? name,
    atomic: atomic.toString(),
    credits: formatCredits(endpoint.price.fresh),
  };
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

/** The resource a 402 is for: the URL called, as callers reach the API (never a client's Host). */
export function resourceOf(endpoint: EndpointDefinition, url: string) {
  return { url, description: endpoint.summary, mimeType: 'application/json' };
}

export function paymentRequired(
  endpoint: EndpointDefinition,
  settings: X402Settings,
  url: string,
  error = 'Payment required',
  extensions?: PaymentRequired['extensions'],
): PaymentRequired {
  return {
    x402Version: 2,
    error,
    resource: resourceOf(endpoint, url),
    accepts: [requirementsFor(endpoint, settings)],
    ...(extensions && { extensions }),
  };
}

/** Where the discovery extension of one route of an endpoint is kept (made once, at start). */
export const routeKey = (endpoint: EndpointDefinition, route: string) => `${endpoint.id} ${route}`;

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
