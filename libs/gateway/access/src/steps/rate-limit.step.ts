import { Injectable } from '@nestjs/common';
import type { GatewayCall, GatewayStep } from '@nl/gateway-core';
import { DomainError } from '@nl/platform-errors';
import { RateLimits } from '../limits/rate-limits.js';
import { ownerOf } from './auth.step.js';

/** Step 5: per key, per endpoint, per minute; `RateLimit-*` on every answer, `Retry-After` on 429. */
@Injectable()
export class RateLimitStep implements GatewayStep {
  constructor(private readonly limits: RateLimits) {}

  async before(call: GatewayCall): Promise<void> {
    const owner = ownerOf(call);
    const limit = call.endpoint.limits[owner.tier] as number;
    const decision = await this.limits.consume(`${owner.keyId}:${call.endpoint.id}`, limit);
    void call.reply
      .header('ratelimit-limit', String(decision.limit))
      .header('ratelimit-remaining', String(decision.remaining))
      .header('ratelimit-reset', String(decision.resetSeconds));
    if (!decision.allowed) {
      throw new DomainError(
        'rate_limited',
        `At most ${limit} calls per minute to ${call.endpoint.paths[0]} for this key.`,
        {
          retryAfterSeconds: decision.resetSeconds,
        },
      );
    }
  }
}
