import type { DatabaseConfig } from '@nl/platform-config';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { dataSourceOptions, type DatabaseFeature } from './data-source-options.js';
import { runMigrations } from './migrate.js';
import { PGliteThread } from './pglite-thread.js';

interface EmbeddedExtra {
  readonly pglite?: { readonly closed: boolean; close(): Promise<void> };
  readonly releaseLock?: () => void;
}

/** Closes the embedded database behind `options`, if any, and frees its directory. */
async function closeEmbedded(options: DataSourceOptions): Promise<void> {
  const extra = options.extra as EmbeddedExtra | undefined;
  if (extra?.pglite && !extra.pglite.closed) await extra.pglite.close();
  extra?.releaseLock?.();
}

/**
 * A DataSource whose destroy() also closes PGlite and frees (or, for a scratch copy, removes) its
 * directory: Nest destroys the data source at shutdown, and a test that boots many apps would
 * otherwise keep every one's database open.
 */
export class ManagedDataSource extends DataSource {
  override async destroy(): Promise<void> {
    if (this.isInitialized) await super.destroy();
    await closeEmbedded(this.options);
  }
}

/**
 * A DataSource outside a Nest app (CLI tools, integration specs), initialised and migrated.
 * The caller destroys it.
 */
export async function openDatabase(
  config: DatabaseConfig,
  features: readonly DatabaseFeature[],
): Promise<DataSource> {
  const db = new ManagedDataSource(await dataSourceOptions(config, features));
  try {
    await db.initialize();
    await runMigrations(db, config.kind === 'pglite');
  } catch (error) {
    await closeDatabase(db);
    throw error;
  }
  return db;
}

/** Destroys a DataSource and, for PGlite, closes the database and frees its directory lock. */
export async function closeDatabase(db: DataSource): Promise<void> {
  if (db.isInitialized) await db.destroy();
  await closeEmbedded(db.options);
}

/** The thread running `db` when it is the embedded database (PGlite), else undefined. */
export function embeddedThread(db: DataSource): PGliteThread | undefined {
  // A stand-in DataSource (a spec's) may come without options.
  const options = db.options as DataSourceOptions | undefined;
  const pglite = (options?.extra as EmbeddedExtra | undefined)?.pglite;
  return pglite instanceof PGliteThread ? pglite : undefined;
}
