import type { DatabaseConfig } from '@nl/platform-config';
import { DataSource } from 'typeorm';
import { dataSourceOptions, type DatabaseFeature } from './data-source-options.js';
import { runMigrations } from './migrate.js';

/**
 * A DataSource outside a Nest app (CLI tools, integration specs), initialised and migrated.
 * The caller destroys it.
 */
export async function openDatabase(
  config: DatabaseConfig,
  features: readonly DatabaseFeature[],
): Promise<DataSource> {
  const db = new DataSource(await dataSourceOptions(config, features));
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
  const extra = db.options.extra as
    { pglite?: { close(): Promise<void> }; releaseLock?: () => void } | undefined;
  if (db.isInitialized) await db.destroy();
  await extra?.pglite?.close();
  extra?.releaseLock?.();
}
