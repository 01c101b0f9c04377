import { Injectable } from '@nestjs/common';
import { SANDBOX, StateKey, type GatewayCall, type GatewayStep } from '@nl/gateway-core';
import { DomainError } from '@nl/platform-errors';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AccountsService, type KeyOwner } from '../accounts/accounts.service.js';
import { checkOrigin } from '../keys/allowed-origins.js';
import { keyExpired, outOfScope } from '../keys/key-terms.js';
import { X402_ACCOUNT_ID } from '@nl/gateway-persistence';
import { type OfferedPayment, X402Payments } from '@nl/gateway-x402';

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** Whether `name` (a header name as sent) is `lower` (lower case) in any case. */
const isHeader = (name: string, lower: string) =>
  name.length === lower.length && (name === lower || name.toLowerCase() === lower);

/**
 * How often a credential header (`X-Api-Key` or `Authorization`) was sent. Node joins repeated
 * `X-Api-Key` headers into one value and keeps only the first `Authorization`, so the raw list
 * is the only honest count. One pass, and only a name of the right length is lower-cased
 * (before, every request header's name was, twice, on every paid call).
 */
function credentialsSent(request: FastifyRequest): number {
  const raw = request.raw.rawHeaders;
  let count = 0;
  for (let i = 0; i < raw.length; i += 2)
    if (isHeader(raw[i], 'x-api-key') || isHeader(raw[i], 'authorization')) count++;
  return count;
}

/** The key of a request: `X-Api-Key` or `Authorization: Bearer`, exactly once. */
export function credentialOf(request: FastifyRequest): string | null {
  const apiKey = request.headers['x-api-key'];
  const authorization = request.headers.authorization;
  if (Array.isArray(apiKey) || credentialsSent(request) > 1) {
    throw new DomainError(
      'ambiguous_credentials',
      'Send the API key once: in one X-Api-Key or one Authorization: Bearer header.',
    );
  }
  if (apiKey !== undefined) return apiKey.trim();
  if (authorization === undefined) return null;
  const bearer = BEARER.exec(authorization)?.[1];
  if (!bearer)
    throw new DomainError('unauthorized', 'The Authorization header must be "Bearer <API key>".');
  return bearer;
}

/** A 401 tells the client how to authenticate. */
function challenged(error: unknown, reply: FastifyReply): never {
  if (
    error instanceof DomainError &&
    (error.code === 'unauthorized' || error.code === 'key_expired')
  )
    void reply.header('www-authenticate', 'Bearer realm="nl-data-api"');
  throw error;
}

function accepted(owner: KeyOwner | null, request: FastifyRequest): KeyOwner {
  if (!owner) throw new DomainError('unauthorized', 'Unknown or revoked API key.');
  // Checked at every call against the cached owner, so it holds on every replica at once.
  if (owner.expiresAt !== undefined && Date.now() >= owner.expiresAt)
    throw keyExpired(owner.expiresAt);
  checkOrigin(owner.allowedOrigins, request);
  return owner;
}

/**
 * Resolves the caller's key to its account or throws 400/401 (`key_expired` for a key past its
 * expiry), and 403 for a web page of an origin the key does not allow (before any limit is
 * counted or credit reserved). At once for a key looked up a moment ago (every call but the
 * first few), else a promise.
 */
export function authenticate(
  accounts: AccountsService,
  request: FastifyRequest,
  reply: FastifyReply,
): KeyOwner | Promise<KeyOwner> {
  try {
    const key = credentialOf(request);
    if (!key)
      throw new DomainError(
        'unauthorized',
        'Send your API key in the X-Api-Key header (or Authorization: Bearer).',
      );
    const owner = accounts.findOwner(key);
    if (!(owner instanceof Promise)) return accepted(owner, request);
    return owner
      .then((found) => accepted(found, request))
      .catch((error: unknown) => challenged(error, reply));
  } catch (error) {
    return challenged(error, reply);
  }
}

/** The authenticated key's owner, set by the auth step for every step after it. */
export const KEY_OWNER = new StateKey<KeyOwner>('owner');

export function ownerOf(call: GatewayCall): KeyOwner {
  return call.state.require(KEY_OWNER);
}

/** The x402 payment a keyless call offers, set by the auth step for the credits step. */
export const OFFERED_PAYMENT = new StateKey<OfferedPayment>('x402');

/**
 * Step 3: the caller is a key's account (from a web page of an origin the key allows, if it
 * lists any; to a domain within its scopes, if it has any), or — without any key, on an
 * endpoint that accepts x402 while x402 is configured — a payer: `PAYMENT-SIGNATURE` carries a
 * payment checked here against our requirement
 * (verified and settled by the credits step), none answers 402 with `PAYMENT-REQUIRED`.
 * Everywhere else a call without a key is a 401. A HEAD request is never paid for: it gets
 * the 402 with the requirement.
 */
@Injectable()
export class AuthStep implements GatewayStep {
  readonly runsForHead = true;

  constructor(
    private readonly accounts: AccountsService,
    private readonly payments: X402Payments,
  ) {}

  before(call: GatewayCall): void | Promise<void> {
    if (this.payments.accepts(call.endpoint) && credentialOf(call.request) === null) {
      const header = call.request.headers['payment-signature'];
      if (typeof header !== 'string' || call.request.method === 'HEAD')
        this.payments.required(call);
      const offer = this.payments.offered(call, header);
      call.state.set(OFFERED_PAYMENT, offer);
      call.state.set(KEY_OWNER, payerOwner(offer.key.payer));
      call.state.set(SANDBOX, false);
      return;
    }
    const owner = authenticate(this.accounts, call.request, call.reply);
    if (owner instanceof Promise) return owner.then((found) => identified(call, found));
    identified(call, owner);
  }
}

/** A key limited to some domains calls only those (403 `key_scope`, before any charge). */
function identified(call: GatewayCall, owner: KeyOwner): void {
  if (owner.scopes && !owner.scopes.includes(call.endpoint.domain))
    throw outOfScope(call.endpoint.domain, owner.scopes);
  call.state.set(KEY_OWNER, owner);
  call.state.set(SANDBOX, owner.sandbox);
}

/**
 * A payer as the later steps see a caller: limited per address with the Paid tier's limits
 * (x402 endpoints are never subscription-gated), booked to the x402 system account.
 */
function payerOwner(payer: string): KeyOwner {
  return {
    keyId: `x402:${payer.toLowerCase()}`,
    accountId: X402_ACCOUNT_ID,
    tier: 'paid',
    subscriptions: [],
    sandbox: false,
    payer: payer.toLowerCase(),
  };
}
