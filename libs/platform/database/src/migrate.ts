import type { DataSource } from 'typeorm';

/** Arbitrary but fixed key of the advisory lock that serialises migrations across replicas. */
const MIGRATION_LOCK = 4_224_001;

/**
 * Runs pending migrations. On Postgres, replicas that start together take turns through an
 * advisory lock; PGlite is one process with one connection, so it needs none.
 */
export async function runMigrations(dataSource: DataSource, embedded: boolean): Promise<string[]> {
  if (embedded) return (await dataSource.runMigrations({ transaction: 'each' })).map((m) => m.name);
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    return (await dataSource.runMigrations({ transaction: 'each' })).map((m) => m.name);
  } finally {
    await runner.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    await runner.release();
  }
}
