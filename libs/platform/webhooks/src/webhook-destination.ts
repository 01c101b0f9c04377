import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { isLoopbackAddress, refusedAddress, type AddressRefusal } from './ip-address-rules.js';

/** Why a webhook URL is refused: its form, its name, or the address it leads to. */
export type WebhookUrlRefusal = 'invalid_url' | 'not_https' | 'unresolvable' | AddressRefusal;

/** A URL we will not call, with the reason as a stable code a caller can show or store. */
export class WebhookUrlRefused extends Error {
  override readonly name = 'WebhookUrlRefused';
  constructor(
    readonly reason: WebhookUrlRefusal,
    message: string,
  ) {
    super(message);
  }
}

/** One address a name resolves to. */
export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to all its addresses; injected in tests so they need no real DNS. */
export type WebhookResolver = (hostname: string) => Promise<readonly ResolvedAddress[]>;

const systemResolver: WebhookResolver = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map(({ address, family }) => ({
    address,
    family: family === 6 ? 6 : 4,
  }));

/**
 * Opens plain http to loopback addresses, so a test can run a receiver on 127.0.0.1. It is a
 * symbol on purpose: nothing parsed from a request (JSON, a query, a form) can produce it, so a
 * customer's input can never switch it on — only code that imports it can.
 */
export const ALLOW_LOOPBACK_FOR_TESTS: unique symbol = Symbol('webhooks.allowLoopbackForTests');

export interface DestinationOptions {
  resolve?: WebhookResolver;
  allowLoopbackForTests?: typeof ALLOW_LOOPBACK_FOR_TESTS;
  /** A CA (PEM) an https test receiver's certificate chains to; honoured with the opening only. */
  caForTests?: string;
  /** How long the name may take to resolve (default 5 s): a hung resolver is no answer. */
  resolveTimeoutMs?: number;
}

/** A URL that passed the checks, with the one address the request must connect to. */
export interface CheckedDestination {
  url: URL;
  /** The name for SNI, certificate checks and the Host header (the IP itself for a literal). */
  hostname: string;
  address: string;
  family: 4 | 6;
}

const DEFAULT_RESOLVE_TIMEOUT_MS = 5_000;

function parse(raw: string): URL {
  try {
    return new URL(raw);
  } catch {
    throw new WebhookUrlRefused('invalid_url', 'the webhook URL is not a valid absolute URL');
  }
}

async function resolveAll(hostname: string, resolve: WebhookResolver, timeoutMs: number) {
  let found: readonly ResolvedAddress[];
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), timeoutMs);
  });
  try {
    found = await Promise.race([resolve(hostname), late]);
  } catch {
    found = [];
  } finally {
    clearTimeout(timer);
  }
  if (found.length === 0)
    throw new WebhookUrlRefused('unresolvable', `the host ${hostname} does not resolve`);
  return found;
}

/**
 * Checks a webhook URL before any connection: https only, no credentials in it, and every
 * address its host resolves to public. All addresses must pass, not just the first, because
 * the caller connects to one we pick and a name listing one private address is suspect anyway.
 * The answer carries the address to connect to, so no second lookup can be steered elsewhere
 * between the check and the connection (DNS rebinding).
 */
export async function checkWebhookUrl(
  raw: string,
  options: DestinationOptions = {},
): Promise<CheckedDestination> {
  const url = parse(raw);
  const loopbackOk = options.allowLoopbackForTests === ALLOW_LOOPBACK_FOR_TESTS;
  if (url.protocol !== 'https:' && !(loopbackOk && url.protocol === 'http:'))
    throw new WebhookUrlRefused('not_https', 'a webhook URL must start with https://');
  if (url.username || url.password)
    throw new WebhookUrlRefused('invalid_url', 'a webhook URL may not carry a user or password');
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  const literal = isIP(hostname);
  const addresses: readonly ResolvedAddress[] = literal
    ? [{ address: hostname, family: literal === 6 ? 6 : 4 }]
    : await resolveAll(
        hostname,
        options.resolve ?? systemResolver,
        options.resolveTimeoutMs ?? DEFAULT_RESOLVE_TIMEOUT_MS,
      );
  for (const { address } of addresses) {
    const reason = refusedAddress(address);
    if (!reason || (loopbackOk && isLoopbackAddress(address))) continue;
    throw new WebhookUrlRefused(
      reason,
      `${hostname} leads to ${address}, a ${reason.replace(/_/g, ' ')}: webhooks go to public addresses only`,
    );
  }
  if (url.protocol === 'http:' && !addresses.every(({ address }) => isLoopbackAddress(address)))
    throw new WebhookUrlRefused('not_https', 'plain http is only allowed to loopback in tests');
  return { url, hostname, ...addresses[0] };
}
