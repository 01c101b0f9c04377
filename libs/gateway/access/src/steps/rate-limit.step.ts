import { Injectable } from '@nestjs/common';
import type { CallOutcome, GatewayCall, GatewayStep } from '@nl/gateway-core';
import type { ErrorCode } from '@nl/contracts-core';
import { DomainError } from '@nl/platform-errors';
import type { FastifyReply } from 'fastify';
import { countRateLimited } from '../access.metrics.js';
import { RateLimits, WINDOW_SECONDS, type LimitDecision } from '../limits/rate-limits.js';
import type { KeyOwner } from '../accounts/accounts.service.js';
import { ownerOf } from './auth.step.js';

/**
 * The limit on the answer, twice: the `RateLimit-Limit`/`-Remaining`/`-Reset` trio clients know
 * today, and the structured fields of the current IETF draft (draft-ietf-httpapi-ratelimit-
 * headers-10): `RateLimit-Policy: "<endpoint>";q=<quota>;w=60` and
 * `RateLimit: "<endpoint>";r=<remaining>;t=<seconds to reset>`, one policy per endpoint.
 */
export function setLimitHeaders(
  reply: FastifyReply,
  policy: string,
  decision: Pick<LimitDecision, 'limit' | 'remaining' | 'resetSeconds'>,
): void {
  const { limit, remaining, resetSeconds: reset } = decision;
  void reply
    .header('ratelimit-limit', String(limit))
    .header('ratelimit-remaining', String(remaining))
    .header('ratelimit-reset', String(reset))
    .header('ratelimit-policy', `"${policy}";q=${limit};w=${WINDOW_SECONDS}`)
    .header('ratelimit', `"${policy}";r=${remaining};t=${reset}`);
}

/**
 * Counts one call of the owner's key to `what` against `limit` per minute: `RateLimit-*`
 * headers on the answer, `429 rate_limited` with `Retry-After` past the limit. At once where
 * the limits are counted in memory (standalone), else a promise.
 */
export function enforceRateLimit(
  limits: RateLimits,
  reply: FastifyReply,
  owner: Pick<KeyOwner, 'keyId' | 'tier'>,
  what: { id: string; path: string; limit: number },
): void | Promise<void> {
  const decision = limits.consume(`${owner.keyId}:${what.id}`, what.limit);
  if (decision instanceof Promise)
    return decision.then((decided) => enforce(reply, owner, what, decided));
  enforce(reply, owner, what, decision);
}

function enforce(
  reply: FastifyReply,
  owner: Pick<KeyOwner, 'keyId' | 'tier'>,
  what: { id: string; path: string; limit: number },
  decision: LimitDecision,
): void {
  setLimitHeaders(reply, what.id, decision);
  if (!decision.allowed) {
    countRateLimited(what.id, owner.tier);
    throw new DomainError(
      'rate_limited',
      `At most ${what.limit} calls per minute to ${what.path} for this key.`,
      { retryAfterSeconds: decision.resetSeconds },
    );
  }
}

/**
 * Answers that say the API could not serve the endpoint at all: its service is not running or
 * not built yet, or its upstream is not configured here. Such a call costs no quota.
 */
const NOT_SERVED = new Set<ErrorCode>(['service_unavailable', 'upstream_not_configured']);

/** Step 5: per key, per endpoint, per minute; `RateLimit-*` on every answer, `Retry-After` on 429. */
@Injectable()
export class RateLimitStep implements GatewayStep {
  constructor(private readonly limits: RateLimits) {}

  before(call: GatewayCall): void | Promise<void> {
    const owner = ownerOf(call);
    return enforceRateLimit(this.limits, call.reply, owner, {
      id: call.endpoint.id,
      path: call.endpoint.paths[0],
      limit: call.endpoint.limits[owner.tier] as number,
    });
  }

  after(call: GatewayCall, outcome: CallOutcome): void | Promise<void> {
    if (outcome.code && NOT_SERVED.has(outcome.code)) return this.giveBack(call);
  }

  private async giveBack(call: GatewayCall): Promise<void> {
    const owner = ownerOf(call);
    await this.limits.refund(
      `${owner.keyId}:${call.endpoint.id}`,
      call.endpoint.limits[owner.tier] as number,
    );
    const remaining = Number(call.reply.getHeader('ratelimit-remaining'));
    if (Number.isFinite(remaining))
      setLimitHeaders(call.reply, call.endpoint.id, {
        limit: Number(call.reply.getHeader('ratelimit-limit')),
        remaining: remaining + 1,
        resetSeconds: Number(call.reply.getHeader('ratelimit-reset')),
      });
  }
}
