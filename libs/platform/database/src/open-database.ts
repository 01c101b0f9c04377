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
  const db = await new DataSource(await dataSourceOptions(config, features)).initialize();
  try {
    await runMigrations(db, config.kind === 'pglite');
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return db;
}
