import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AccountsService, KeyOwner } from '../accounts/accounts.service.js';
import type { RateLimits } from '../limits/rate-limits.js';
import { authenticate } from '../steps/auth.step.js';
import { enforceRateLimit } from '../steps/rate-limit.step.js';

/** A free account route's per-key limit: its operation id, public path and calls a minute. */
export interface AccountRouteLimit {
  readonly id: string;
  readonly path: string;
  readonly limit: number;
}

/**
 * The caller of a free account route (the account, its usage, its webhooks): the key's owner
 * (400/401/403 as on every call), then one call counted against the route's own limit (429).
 */
export async function accountCaller(
  accounts: AccountsService,
  limits: RateLimits,
  request: FastifyRequest,
  reply: FastifyReply,
  limit: AccountRouteLimit,
): Promise<KeyOwner> {
  const owner = await authenticate(accounts, request, reply);
  await enforceRateLimit(limits, reply, owner, limit);
  return owner;
}
