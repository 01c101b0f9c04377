import type { DatabaseConfig } from '@nl/platform-config';
import type { DataSourceOptions } from 'typeorm';
import { openEmbedded } from './embedded-start.js';

export interface DatabaseFeature {
  // TypeORM takes entity and migration classes as plain constructors.
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  readonly entities: Function[];
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  readonly migrations: Function[];
}

/**
 * TypeORM options for Postgres or embedded PGlite. PGlite runs in a thread of its own
 * (PGliteThread) and node-postgres reaches it through a stream, with a pool of one connection:
 * `typeorm-pglite` shares one session between concurrent transactions and loses updates.
 */
export async function dataSourceOptions(
  config: DatabaseConfig,
  features: readonly DatabaseFeature[],
): Promise<DataSourceOptions> {
  const common = {
    type: 'postgres' as const,
    entities: features.flatMap((f) => f.entities),
    migrations: features.flatMap((f) => f.migrations),
    migrationsTableName: 'typeorm_migrations',
    synchronize: false,
    migrationsRun: false,
    logging: false,
  };
  // A connection attempt gives up after 3 s, so a database that is down (or unreachable) turns
  // into a fast 503 instead of requests queued behind a dial that never ends.
  if (config.kind === 'postgres')
    return {
      ...common,
      url: config.url,
      extra: { max: 10, connectionTimeoutMillis: 3_000, keepAlive: true },
    };

  const { dir, thread: pglite } = await openEmbedded(config.dataDir);
  return {
    ...common,
    extra: {
      stream: () => pglite.stream(),
      max: 1,
      pglite,
      dataDir: dir.path,
      releaseLock: dir.release,
    },
  };
}
