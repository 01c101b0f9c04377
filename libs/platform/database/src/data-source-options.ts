import type { DatabaseConfig } from '@nl/platform-config';
import { setFlagsFromString } from 'node:v8';
import type { DataSourceOptions } from 'typeorm';
import { openDataDir, scratchDataDir } from './pglite-data-dir.js';
import { PGliteThread } from './pglite-thread.js';

export interface DatabaseFeature {
  // TypeORM takes entity and migration classes as plain constructors.
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  readonly entities: Function[];
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  readonly migrations: Function[];
}

/**
 * Postgres's default of 128 MB of shared buffers is zeroed at start, so it is all resident
 * (~130 MB of RSS, issue 17), for databases of some tens of MB that the OS caches anyway. 8 MB
 * (1,024 pages) holds the hot rows (keys, accounts, today's ledger) and is ~12 MB below 16 MB.
 */
const SETTINGS = ['-c', 'shared_buffers=8MB'];

/**
 * TypeORM options for Postgres or embedded PGlite. PGlite runs in a thread of its own
 * (PGliteThread) and node-postgres reaches it through a stream, with a pool of one connection:
 * `typeorm-pglite` shares one session between concurrent transactions and loses updates
 * (STACK.md §3b).
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

  // V8 would recompile PGlite's hot functions with TurboFan, which keeps some 50 MB of code and
  // compiler memory resident (issue 17). Process-wide (the database's thread too), so set only
  // where PGlite runs.
  setFlagsFromString('--liftoff-only');
  // One process per directory: a second PGlite on the same files silently loses writes.
  const dir = config.dataDir ? await openDataDir(config.dataDir) : await scratchDataDir();
  let pglite;
  try {
    pglite = await PGliteThread.start(dir.path, SETTINGS);
  } catch (error) {
    dir.release();
    throw error;
  }
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
