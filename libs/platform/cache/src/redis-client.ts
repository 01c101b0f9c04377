import type { Logger } from '@nl/platform-logging';
import { createClient, type RedisClientType } from '@redis/client';

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
