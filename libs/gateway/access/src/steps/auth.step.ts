import { Injectable } from '@nestjs/common';
import type { GatewayCall, GatewayStep } from '@nl/gateway-core';
import { DomainError } from '@nl/platform-errors';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AccountsService, type KeyOwner } from '../accounts/accounts.service.js';

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** The key of a request: `X-Api-Key` or `Authorization: Bearer`, never both (ARCHITECTURE §4.3). */
export function credentialOf(request: FastifyRequest): string | null {
  const apiKey = request.headers['x-api-key'];
  const authorization = request.headers.authorization;
  if (Array.isArray(apiKey) || (apiKey !== undefined && authorization !== undefined)) {
    throw new DomainError(
      'ambiguous_credentials',
      'Send the API key in X-Api-Key or in Authorization: Bearer, not both.',
    );
  }
  if (apiKey !== undefined) return apiKey.trim();
  if (authorization === undefined) return null;
  const bearer = BEARER.exec(authorization)?.[1];
  if (!bearer)
    throw new DomainError('unauthorized', 'The Authorization header must be "Bearer <API key>".');
  return bearer;
}

/** Resolves the caller's key to its account or throws 400/401. */
export async function authenticate(
  accounts: AccountsService,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<KeyOwner> {
  try {
    const key = credentialOf(request);
    if (!key)
      throw new DomainError(
        'unauthorized',
        'Send your API key in the X-Api-Key header (or Authorization: Bearer).',
      );
    const owner = await accounts.findOwner(key);
    if (!owner) throw new DomainError('unauthorized', 'Unknown or revoked API key.');
    return owner;
  } catch (error) {
    if (error instanceof DomainError && error.code === 'unauthorized')
      void reply.header('www-authenticate', 'Bearer realm="nl-data-api"');
    throw error;
  }
}

export function ownerOf(call: GatewayCall): KeyOwner {
  return call.state['owner'] as KeyOwner;
}

/**
 * Step 3. A call without any credentials is where x402 will answer 402 `PAYMENT-REQUIRED` for
 * endpoints whose catalog entry accepts it; until payments exist it is a 401 like any other.
 */
@Injectable()
export class AuthStep implements GatewayStep {
  constructor(private readonly accounts: AccountsService) {}

  async before(call: GatewayCall): Promise<void> {
    call.state['owner'] = await authenticate(this.accounts, call.request, call.reply);
  }
}
