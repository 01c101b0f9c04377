import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import {
  TableDataset,
  VersionedTable,
  generationInUse,
  readText,
  registerDatasetHealth,
  type LoadResult,
  type TableDatasetDefinition,
} from '@nl/platform-dataset';
import { HealthRegistry } from '@nl/platform-health';
import { LOGGER, type Logger } from '@nl/platform-logging';
import { DataSource } from 'typeorm';
import { parseSbiSnapshot, snapshotProblem, toSbiCodeRows } from './sbi.mapper.js';
import type { SbiCodeRow } from './sbi.types.js';

export const SBI_SNAPSHOT = new URL('../../data/sbi2025.json', import.meta.url);
const NAME = 'sbi2025';

/**
 * SBI 2025 as an imported table dataset: the codes of one snapshot file, refused whole when a
 * row is malformed or the tree is inconsistent (a code twice, a parent not listed).
 */
export const SBI_DATASET: TableDatasetDefinition<SbiCodeRow> = {
  name: NAME,
  async *rows(body) {
    const rows = parseSbiSnapshot(await readText(body));
    const problem = snapshotProblem(rows);
    if (problem) throw new Error(problem);
    yield* toSbiCodeRows(rows);
  },
  minSize: 1_000,
};

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

/** SQL for the generation of `cbs.sbi_code` in use: every reader's WHERE clause has it. */
export const SBI_GENERATION = generationInUse('cbs.dataset', NAME);

/**
 * Loads the shipped SBI 2025 snapshot on start (idempotent) and reports it in `/health/ready`.
 * `cbs.sbi_code` is a `VersionedTable`: a snapshot is staged as a new generation and published
 * by moving `cbs.dataset`'s pointer in one transaction, so readers see the old codes or the new
 * ones; replicas starting together publish one at a time, and a version already loaded is not
 * loaded again (its staged copy is dropped).
 */
@Injectable()
export class SbiImport implements OnModuleInit {
  readonly dataset: TableDataset<SbiCodeRow>;

  constructor(
    dataSource: DataSource,
    private readonly health: HealthRegistry,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    const table = new VersionedTable<SbiCodeRow>(dataSource, {
      name: NAME,
      table: 'cbs.sbi_code',
      columns: COLUMNS,
      pointer: 'cbs.dataset',
      batch: 500,
    });
    this.dataset = new TableDataset(SBI_DATASET, table);
  }

  async onModuleInit(): Promise<void> {
    const result = await this.load(SBI_SNAPSHOT.href);
    if (!result.ok) throw new Error(`the SBI 2025 snapshot could not be loaded: ${result.reason}`);
    registerDatasetHealth(this.health, this.dataset);
  }

  /** Loads a snapshot file (`file:` or `http(s):` URL); an unchanged version is left alone. */
  async load(url: string): Promise<LoadResult> {
    const result = await this.dataset.reinstall({ part: 'codes', url }, 'snapshot');
    if (result.ok && result.changed)
      this.logger.info(
        { dataset: NAME, rows: result.size, version: result.version.slice(0, 12) },
        'SBI 2025 snapshot loaded',
      );
    return result;
  }
}
