import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { createResilientRedis } from '@nl/platform-cache';
import { PLATFORM_CONFIG, type PlatformConfig } from '@nl/platform-config';
import { LOGGER, type Logger } from '@nl/platform-logging';
import type { RedisClientType } from '@redis/client';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';

export interface LimitDecision {
  readonly allowed: boolean;
  readonly limit: number;
  readonly remaining: number;
  /** Seconds until the window resets. */
  readonly resetSeconds: number;
}

/** The fixed window of every limit, in seconds. */
export const WINDOW_SECONDS = 60;

/**
 * Requests per key, per endpoint, per minute (fixed window). Redis in the distributed profile
 * (rate-limiter-flexible's atomic Lua increment, shared by every gateway replica), memory in
 * standalone. One limiter per limit value, since a limiter's size is fixed.
 *
 * Fail mode: open, with a local limit. While Redis is down each gateway replica counts in its
 * own memory (the insurance limiter), so a key may get up to N × its limit across N replicas,
 * but no call waits for or fails because of Redis.
 */
@Injectable()
export class RateLimits implements OnApplicationShutdown {
  private readonly limiters = new Map<number, RateLimiterAbstract>();
  private readonly redis?: RedisClientType;
  private readonly prefix: string;

  constructor(@Inject(PLATFORM_CONFIG) config: PlatformConfig, @Inject(LOGGER) logger: Logger) {
    if (config.cache.kind === 'redis') {
      this.redis = createResilientRedis(config.cache.url, logger, 'rate limits');
      this.prefix = `${config.cache.prefix}:rl`;
    } else {
      this.prefix = 'rl';
    }
  }

  async consume(subject: string, limit: number): Promise<LimitDecision> {
    const limiter = this.limiterFor(limit);
    try {
      const res = await limiter.consume(subject, 1);
      return {
        allowed: true,
        limit,
        remaining: res.remainingPoints,
        resetSeconds: Math.ceil(res.msBeforeNext / 1000),
      };
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) {
        return {
          allowed: false,
          limit,
          remaining: 0,
          resetSeconds: Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)),
        };
      }
      throw rejection;
    }
  }

  /** Gives back one call counted by {@link consume} (a call the API could not serve at all). */
  async refund(subject: string, limit: number): Promise<void> {
    await this.limiterFor(limit).reward(subject, 1);
  }

  private limiterFor(points: number): RateLimiterAbstract {
    let limiter = this.limiters.get(points);
    if (!limiter) {
      const options = { points, duration: WINDOW_SECONDS, keyPrefix: `${this.prefix}:${points}` };
      // If Redis fails, each replica limits on its own (insurance limiter) rather than failing calls.
      limiter = this.redis
        ? new RateLimiterRedis({
            ...options,
            storeClient: this.redis,
            useRedisPackage: true,
            insuranceLimiter: new RateLimiterMemory(options),
          })
        : new RateLimiterMemory(options);
      this.limiters.set(points, limiter);
    }
    return limiter;
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.redis?.isOpen) await this.redis.close().catch(() => undefined);
    else this.redis?.destroy();
  }
}
