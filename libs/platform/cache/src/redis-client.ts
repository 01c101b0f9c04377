import type { Logger } from '@nl/platform-logging';
import type * as RedisClient from '@redis/client';
import type { RedisClientType } from '@redis/client';
import { createRequire } from 'node:module';

/**
 * Loads a Redis-only package when the first Redis client is made, not at import: the standalone
 * profile never uses Redis, and the client with its adapters is some 430 modules and ~0.2 s of
 * every start. Their CommonJS builds, so the load is synchronous.
 */
export const loadRedisPackage = createRequire(import.meta.url) as <T>(name: string) => T;

/** Reconnect delay: doubles from 100 ms up to this cap, forever. */
const MAX_RECONNECT_DELAY_MS = 1_000;

/**
 * A Redis client for optional work (caches, rate-limit counters) that never makes a request
 * wait for Redis: commands fail at once while it is disconnected (no offline queue, a 1 s
 * connect timeout), it reconnects forever in the background, and each state change is logged
 * once. Callers check `isReady` and fall back to memory.
 */
export function createResilientRedis(
  url: string,
  logger: Logger,
  purpose: string,
): RedisClientType {
  const { createClient } = loadRedisPackage<typeof RedisClient>('@redis/client');
  const client = createClient({
    url,
    disableOfflineQueue: true,
    socket: {
      connectTimeout: 1_000,
      reconnectStrategy: (retries: number) => Math.min(100 * 2 ** retries, MAX_RECONNECT_DELAY_MS),
    },
  }) as RedisClientType;
  let downSince = 0;
  const down = (error?: unknown) => {
    if (downSince) return;
    downSince = Date.now();
    logger.error({ err: error, purpose }, `Redis unavailable; ${purpose} fall back to memory`);
  };
  client.on('error', down);
  client.on('reconnecting', () => down());
  client.on('ready', () => {
    if (!downSince) return;
    const downSeconds = Math.round((Date.now() - downSince) / 100) / 10;
    downSince = 0;
    logger.info({ purpose, downSeconds }, 'Redis available again');
  });
  // The first connection may fail too: the reconnect strategy keeps trying in the background.
  client.connect().catch(down);
  return client;
}
