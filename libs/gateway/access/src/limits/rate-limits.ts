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
import { MemoryWindows } from './memory-windows.js';

export interface LimitDecision {
  readonly allowed: boolean;
  readonly limit: number;
  readonly remaining: number;
  /** Seconds until the window resets. */
  readonly resetSeconds: number;
}

/** The fixed window of every limit, in seconds. */
export const WINDOW_SECONDS = 60;

/** A decision in whole seconds to the window's end; a refused call waits at least one. */
function decided(
  limit: number,
  allowed: boolean,
  remaining: number,
  msLeft: number,
): LimitDecision {
  const seconds = Math.ceil(msLeft / 1000);
  return allowed
    ? { allowed, limit, remaining, resetSeconds: seconds }
    : { allowed, limit, remaining: 0, resetSeconds: Math.max(1, seconds) };
}

/**
 * Requests per key, per endpoint, per minute (fixed window). Redis in the distributed profile
 * (rate-limiter-flexible's atomic Lua increment, shared by every gateway replica; one limiter
 * per limit value, since a limiter's size is fixed), memory in standalone (MemoryWindows, which
 * answers at once).
 *
 * Fail mode: open, with a local limit. While Redis is down each gateway replica counts in its
 * own memory (the insurance limiter), so a key may get up to N × its limit across N replicas,
 * but no call waits for or fails because of Redis.
 */
@Injectable()
export class RateLimits implements OnApplicationShutdown {
  private readonly limiters = new Map<number, RateLimiterAbstract>();
  private readonly redis?: RedisClientType;
  private readonly memory?: MemoryWindows;
  private readonly prefix: string;

  constructor(@Inject(PLATFORM_CONFIG) config: PlatformConfig, @Inject(LOGGER) logger: Logger) {
    if (config.cache.kind === 'redis') {
      this.redis = createResilientRedis(config.cache.url, logger, 'rate limits');
      this.prefix = `${config.cache.prefix}:rl`;
    } else {
      this.memory = new MemoryWindows(WINDOW_SECONDS * 1000);
      this.prefix = 'rl';
    }
  }

  /** Whether the shared counters' Redis is connected; undefined where they are in memory. */
  redisReady(): boolean | undefined {
    return this.redis?.isReady;
  }

  /** Counts one call of `subject` against `limit`: at once in memory, a promise on Redis. */
  consume(subject: string, limit: number): LimitDecision | Promise<LimitDecision> {
    if (!this.memory) return this.consumeShared(subject, limit);
    const { used, msLeft } = this.memory.count(subject, limit);
    return decided(limit, used <= limit, limit - used, msLeft);
  }

  private async consumeShared(subject: string, limit: number): Promise<LimitDecision> {
    const limiter = this.limiterFor(limit);
    try {
      const res = await limiter.consume(subject, 1);
      return decided(limit, true, res.remainingPoints, res.msBeforeNext);
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes)
        return decided(limit, false, 0, rejection.msBeforeNext);
      throw rejection;
    }
  }

  /** Gives back one call counted by {@link consume} (a call the API could not serve at all). */
  async refund(subject: string, limit: number): Promise<void> {
    if (this.memory) this.memory.uncount(subject, limit);
    else await this.limiterFor(limit).reward(subject, 1);
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
