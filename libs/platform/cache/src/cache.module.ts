import {
  Module,
  type DynamicModule,
  type OnApplicationShutdown,
  Inject,
  Injectable,
} from '@nestjs/common';
import { createKeyv } from '@keyv/redis';
import { PLATFORM_CONFIG, type PlatformConfig } from '@nl/platform-config';
import { HealthRegistry } from '@nl/platform-health';
import { LOGGER, type Logger } from '@nl/platform-logging';
import { createCache, type Cache } from 'cache-manager';
import { Keyv } from 'keyv';
import { BoundedMap } from './bounded-map.js';
import { DomainCache } from './domain-cache.js';

/** Most entries one service keeps in memory in the standalone profile. */
const MEMORY_MAX_ENTRIES = 50_000;

export const CACHE_STORE = Symbol('CACHE_STORE');

/**
 * The standalone cache: a bounded map that keeps objects as they are (no JSON round trip per
 * hit); DomainCache freezes what it stores.
 */
export function createMemoryStore(namespace: string, maxEntries = MEMORY_MAX_ENTRIES): Cache {
  return createCache({
    stores: [
      new Keyv({
        store: new BoundedMap(maxEntries),
        namespace,
        serialize: undefined,
        deserialize: undefined,
      }),
    ],
  });
}

function createStore(config: PlatformConfig, namespace: string): Cache {
  if (config.cache.kind === 'memory') return createMemoryStore(namespace);
  return createCache({
    stores: [createKeyv(config.cache.url, { namespace: `${config.cache.prefix}:${namespace}` })],
  });
}

@Injectable()
class CacheLifecycle implements OnApplicationShutdown {
  constructor(@Inject(CACHE_STORE) private readonly store: Cache) {}
  async onApplicationShutdown(): Promise<void> {
    await this.store.disconnect().catch(() => undefined);
  }
}

/**
 * A {@link DomainCache} for one service, on Redis (distributed) or a bounded memory store
 * (standalone), under the service's own key namespace.
 */
@Module({})
export class CacheModule {
  static forDomain(namespace: string): DynamicModule {
    return {
      module: CacheModule,
      providers: [
        {
          provide: CACHE_STORE,
          inject: [PLATFORM_CONFIG],
          useFactory: (config: PlatformConfig) => createStore(config, namespace),
        },
        {
          provide: DomainCache,
          inject: [CACHE_STORE, LOGGER, HealthRegistry, PLATFORM_CONFIG],
          useFactory: (
            store: Cache,
            logger: Logger,
            health: HealthRegistry,
            config: PlatformConfig,
          ) => {
            if (config.cache.kind === 'redis') {
              health.register({
                name: `cache:${namespace}`,
                check: async () => {
                  await store.set('health', 1, 5_000);
                  return { status: 'up' };
                },
              });
            }
            return new DomainCache(namespace, store, logger);
          },
        },
        CacheLifecycle,
      ],
      exports: [DomainCache],
    };
  }
}
