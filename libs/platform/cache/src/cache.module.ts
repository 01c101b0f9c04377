import {
  Module,
  type DynamicModule,
  type OnApplicationShutdown,
  Inject,
  Injectable,
} from '@nestjs/common';
import { PLATFORM_CONFIG, type PlatformConfig } from '@nl/platform-config';
import { HealthRegistry } from '@nl/platform-health';
import { LOGGER, type Logger } from '@nl/platform-logging';
import type * as KeyvRedisPackage from '@keyv/redis';
import type { RedisClientType } from '@redis/client';
import type * as CacheManager from 'cache-manager';
import type * as KeyvPackage from 'keyv';
import { DomainCache } from './domain-cache.js';
import { FailoverStore, type CacheStore } from './failover-store.js';
import { MemoryStore } from './memory-store.js';
import { createResilientRedis, loadRedisPackage } from './redis-client.js';

/** Most entries one service keeps in memory in the standalone profile. */
const MEMORY_MAX_ENTRIES = 50_000;
/** Most entries a service keeps in memory while its Redis is down. */
const FALLBACK_MAX_ENTRIES = 5_000;

const CACHE_BACKEND = Symbol('CACHE_BACKEND');

/** The standalone cache (and Redis's fallback): see {@link MemoryStore}. */
export function createMemoryStore(namespace: string, maxEntries = MEMORY_MAX_ENTRIES): CacheStore {
  return new MemoryStore(namespace, maxEntries);
}

interface CacheBackend {
  readonly store: CacheStore;
  /** Set in the distributed profile: the Redis client behind `store`. */
  readonly redis?: RedisClientType;
}

function createBackend(config: PlatformConfig, namespace: string, logger: Logger): CacheBackend {
  if (config.cache.kind === 'memory') return { store: createMemoryStore(namespace) };
  const redis = createResilientRedis(config.cache.url, logger, `the ${namespace} cache`);
  const { default: KeyvRedis } = loadRedisPackage<typeof KeyvRedisPackage>('@keyv/redis');
  const { createCache } = loadRedisPackage<typeof CacheManager>('cache-manager');
  const { Keyv } = loadRedisPackage<typeof KeyvPackage>('keyv');
  const adapter = new KeyvRedis(redis, { throwOnConnectError: false, throwOnErrors: true });
  adapter.on('error', () => undefined); // reported by the client's own state log
  const shared = createCache({
    stores: [new Keyv({ store: adapter, namespace: `${config.cache.prefix}:${namespace}` })],
  });
  const local = createMemoryStore(namespace, FALLBACK_MAX_ENTRIES);
  return { store: new FailoverStore(shared, local, () => redis.isReady), redis };
}

@Injectable()
class CacheLifecycle implements OnApplicationShutdown {
  constructor(@Inject(CACHE_BACKEND) private readonly backend: CacheBackend) {}
  async onApplicationShutdown(): Promise<void> {
    const redis = this.backend.redis;
    if (redis?.isOpen) await redis.close().catch(() => undefined);
    else redis?.destroy();
  }
}

/**
 * A {@link DomainCache} for one service, on Redis (distributed; an in-process store answers
 * while Redis is down, and readiness says `degraded`) or a bounded memory store (standalone),
 * under the service's own key namespace.
 */
@Module({})
export class CacheModule {
  static forDomain(namespace: string): DynamicModule {
    return {
      module: CacheModule,
      providers: [
        {
          provide: CACHE_BACKEND,
          inject: [PLATFORM_CONFIG, LOGGER],
          useFactory: (config: PlatformConfig, logger: Logger) =>
            createBackend(config, namespace, logger),
        },
        {
          provide: DomainCache,
          inject: [CACHE_BACKEND, LOGGER, HealthRegistry],
          useFactory: (backend: CacheBackend, logger: Logger, health: HealthRegistry) => {
            const redis = backend.redis;
            if (redis) {
              health.register({
                name: `cache:${namespace}`,
                critical: false,
                check: async () =>
                  redis.isReady
                    ? { status: 'up', pong: await redis.ping() }
                    : { status: 'down', error: 'Redis is not connected; caching in memory' },
              });
            }
            return new DomainCache(namespace, backend.store, logger);
          },
        },
        CacheLifecycle,
      ],
      exports: [DomainCache],
    };
  }
}
