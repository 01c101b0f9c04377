import { Inject, Injectable, Optional, type OnApplicationShutdown } from '@nestjs/common';
import { createResilientRedis } from '@nl/platform-cache';
import { PLATFORM_CONFIG, type PlatformConfig } from '@nl/platform-config';
import { LOGGER, type Logger } from '@nl/platform-logging';
import type { RedisClientType } from '@redis/client';

/** A key hash, or {@link ALL_KEYS} when accounts changed (tier, subscriptions). */
export type KeyChange = string;
export const ALL_KEYS = '*';

const PUBLISH_WAIT_MS = 1_000;

function readyWithin(client: RedisClientType, ms: number): Promise<boolean> {
  if (client.isReady) return Promise.resolve(true);
  return new Promise((resolve) => {
    const onReady = () => {
      clearTimeout(timer);
      resolve(true);
    };
    const timer = setTimeout(() => {
      client.off('ready', onReady);
      resolve(false);
    }, ms);
    client.once('ready', onReady);
  });
}

/**
 * Tells every gateway replica that a key was revoked (or an account changed), so each drops it
 * from its key cache at once instead of after the cache's few seconds: Redis pub/sub in the
 * distributed profile; a no-op in one process, where the change is local already. A replica
 * that lost Redis may have missed messages, so it clears its whole key cache when Redis is back.
 */
@Injectable()
export class KeyRevocations implements OnApplicationShutdown {
  private readonly publisher?: RedisClientType;
  private readonly subscriber?: RedisClientType;
  private readonly channel: string;
  private readonly listeners: ((change: KeyChange) => void)[] = [];

  constructor(
    @Inject(PLATFORM_CONFIG) config: PlatformConfig,
    @Optional() @Inject(LOGGER) logger?: Logger,
  ) {
    this.channel = config.cache.kind === 'redis' ? `${config.cache.prefix}:keys:changed` : '';
    if (config.cache.kind !== 'redis' || !logger) return;
    this.publisher = createResilientRedis(config.cache.url, logger, 'key revocations');
    this.subscriber = createResilientRedis(config.cache.url, logger, 'key revocations');
    let subscribed = false;
    this.subscriber.on('ready', () => {
      if (subscribed) this.emit(ALL_KEYS); // back after an outage: messages may be lost
      subscribed = true;
    });
    void this.subscriber
      .subscribe(this.channel, (message) => this.emit(message))
      .catch(() => undefined);
  }

  /** Whether changes are heard from Redis now; undefined in one process (nothing to hear). */
  redisReady(): boolean | undefined {
    return this.subscriber?.isReady;
  }

  onChange(listener: (change: KeyChange) => void): void {
    this.listeners.push(listener);
  }

  /**
   * Announces a change to every replica, this one included. Waits up to a second for a
   * connection that is still being made (the admin CLI publishes right after it starts).
   */
  async publish(change: KeyChange): Promise<void> {
    this.emit(change);
    const publisher = this.publisher;
    if (publisher && (await readyWithin(publisher, PUBLISH_WAIT_MS)))
      await publisher.publish(this.channel, change).catch(() => 0);
  }

  private emit(change: KeyChange): void {
    for (const listener of this.listeners) listener(change);
  }

  async onApplicationShutdown(): Promise<void> {
    for (const client of [this.subscriber, this.publisher]) {
      if (client?.isOpen) await client.close().catch(() => undefined);
      else client?.destroy();
    }
  }
}
