import { HealthRegistry } from '@nl/platform-health';
import type { KeyRevocations } from '../keys/key-revocations.js';
import type { RateLimits } from './rate-limits.js';
import { RedisHealth } from './redis-health.js';

describe(RedisHealth.name, () => {
  function setup(limits: boolean | undefined, changes: boolean | undefined) {
    const health = new HealthRegistry();
    const mocks = {
      limits: { redisReady: () => limits } as unknown as RateLimits,
      revocations: { redisReady: () => changes } as unknown as KeyRevocations,
    };
    new RedisHealth(mocks.limits, mocks.revocations, health);
    return { health };
  }

  it('should keep the gateway ready but degraded while Redis is down, saying what falls back', async () => {
    const { health } = setup(false, false);
    expect(await health.check()).toEqual({
      status: 'degraded',
      checks: {
        redis: {
          status: 'down',
          error:
            'Redis is not connected: rate limits count in this replica only; key changes reach this replica within 5 s',
        },
      },
    });
  });

  it('should be up while both connections are', async () => {
    const { health } = setup(true, true);
    expect(await health.check()).toEqual({ status: 'ok', checks: { redis: { status: 'up' } } });
  });

  it('should add no entry where nothing uses Redis (one process)', () => {
    expect(setup(undefined, undefined).health.names()).toEqual([]);
  });
});
