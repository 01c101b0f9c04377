import { Injectable } from '@nestjs/common';
import { HealthRegistry } from '@nl/platform-health';
import { KeyRevocations } from '../keys/key-revocations.js';
import { RateLimits } from './rate-limits.js';

/**
 * The gateway's `redis` entry in `/health/ready` (distributed profile): the shared rate-limit
 * counters and the key-change messages. Not critical: while Redis is down every call is still
 * answered (each replica counts limits in its own memory, and trusts a looked-up key for at most
 * 5 s instead of hearing of its revocation at once), so the gateway is `degraded`, still ready.
 * A Redis outage reaches every replica at once: taking them all out of the load balancer would
 * turn a degraded API into none.
 */
@Injectable()
export class RedisHealth {
  constructor(limits: RateLimits, revocations: KeyRevocations, health: HealthRegistry) {
    if (limits.redisReady() === undefined) return;
    health.register({
      name: 'redis',
      critical: false,
      check: async () => {
        const fallbacks = [
          !limits.redisReady() && 'rate limits count in this replica only',
          !revocations.redisReady() && 'key changes reach this replica within 5 s',
        ].filter(Boolean);
        return fallbacks.length
          ? { status: 'down', error: `Redis is not connected: ${fallbacks.join('; ')}` }
          : { status: 'up' };
      },
    });
  }
}
