import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import {
  Dataset,
  readText,
  registerDatasetHealth,
  type DatasetDefinition,
  type DatasetStore,
  type DatasetVersion,
  type LoadResult,
} from '@nl/platform-dataset';
import { HealthRegistry } from '@nl/platform-health';
import { LOGGER, type Logger } from '@nl/platform-logging';
import { DataSource } from 'typeorm';
import { parseSbiSnapshot, snapshotProblem, toSbiCodeRows } from './sbi.mapper.js';
import type { SbiSourceRow } from './sbi.types.js';

export const SBI_SNAPSHOT = new URL('../../data/sbi2025.json', import.meta.url);
const NAME = 'sbi2025';
const IMPORT_LOCK = 4_224_101;
const BATCH = 500;
const COLUMNS = [
  'code',
  'level',
  'depth',
  'parent',
  'section',
  'title_nl',
  'title_en',
  'position',
  'search_text',
] as const;

/** SBI 2025 as an imported dataset: the codes of one snapshot file, as a consistent tree. */
export const SBI_DATASET: DatasetDefinition<SbiSourceRow, readonly SbiSourceRow[]> = {
  name: NAME,
  parse: async (body) => parseSbiSnapshot(await readText(body)),
  build: (parts) => parts.get('codes') ?? [],
  size: (rows) => rows.length,
  validate: snapshotProblem,
  minSize: 1_000,
};

/**
 * `cbs.sbi_code` as the dataset's store: a new version replaces the table and its row in
 * `cbs.dataset` in one transaction, so readers see the old codes or the new ones. Replicas
 * starting together serialise on an advisory lock; a version already loaded is not loaded again.
 */
export class SbiTableStore implements DatasetStore<readonly SbiSourceRow[]> {
  constructor(private readonly dataSource: DataSource) {}

  async installed() {
    const [row] = (await this.dataSource.query(
      `SELECT version, rows, to_char(loaded_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS loaded_at
         FROM cbs.dataset WHERE name = $1`,
      [NAME],
    )) as { version: string; rows: number; loaded_at: string }[];
    return row
      ? { version: row.version, size: row.rows, source: 'database', loadedAt: row.loaded_at }
      : null;
  }

  install(next: DatasetVersion<readonly SbiSourceRow[]>): Promise<boolean> {
    return this.dataSource.transaction(async (db) => {
      await db.query('SELECT pg_advisory_xact_lock($1)', [IMPORT_LOCK]);
      const [current] = (await db.query('SELECT version FROM cbs.dataset WHERE name = $1', [
        NAME,
      ])) as { version: string }[];
      if (current?.version === next.version) return false;

      await db.query('DELETE FROM cbs.sbi_code');
      const rows = toSbiCodeRows(next.data);
      for (let start = 0; start < rows.length; start += BATCH) {
        const batch = rows.slice(start, start + BATCH);
        const values = batch.map(
          (_, i) => `(${COLUMNS.map((_, j) => `$${i * COLUMNS.length + j + 1}`).join(', ')})`,
        );
        await db.query(
          `INSERT INTO cbs.sbi_code (${COLUMNS.join(', ')}) VALUES ${values.join(', ')}`,
          batch.flatMap((row) => COLUMNS.map((column) => row[column])),
        );
      }
      await db.query(
        `INSERT INTO cbs.dataset (name, version, rows, loaded_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (name) DO UPDATE SET version = excluded.version, rows = excluded.rows, loaded_at = excluded.loaded_at`,
        [NAME, next.version, rows.length, next.loadedAt],
      );
      return true;
    });
  }
}

/** Loads the shipped SBI 2025 snapshot on start (idempotent) and reports it in `/health/ready`. */
@Injectable()
export class SbiImport implements OnModuleInit {
  readonly dataset: Dataset<SbiSourceRow, readonly SbiSourceRow[]>;

  constructor(
    dataSource: DataSource,
    private readonly health: HealthRegistry,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.dataset = new Dataset(SBI_DATASET, new SbiTableStore(dataSource));
  }

  async onModuleInit(): Promise<void> {
    const result = await this.load(SBI_SNAPSHOT.href);
    if (!result.ok) throw new Error(`the SBI 2025 snapshot could not be loaded: ${result.reason}`);
    registerDatasetHealth(this.health, this.dataset);
  }

  /** Loads a snapshot file (`file:` or `http(s):` URL); an unchanged version is left alone. */
  async load(url: string): Promise<LoadResult> {
    const result = await this.dataset.load([{ part: 'codes', url }], 'snapshot');
    if (result.ok && result.changed)
      this.logger.info(
        { dataset: NAME, rows: result.size, version: result.version.slice(0, 12) },
        'SBI 2025 snapshot loaded',
      );
    return result;
  }
}
