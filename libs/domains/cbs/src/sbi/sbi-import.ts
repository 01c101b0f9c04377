import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { SbiLevel } from '@nl/contracts-cbs';
import { LOGGER, type Logger } from '@nl/platform-logging';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { DataSource } from 'typeorm';
import { searchText } from './search-text.js';

export interface SbiSourceRow {
  code: string;
  level: SbiLevel;
  depth: number;
  parent: string | null;
  section: string;
  title_nl: string;
  title_en: string;
}

export const SBI_SNAPSHOT = new URL('../data/sbi2025.json', import.meta.url);
const DATASET = 'sbi2025';
const IMPORT_LOCK = 4_224_101;
const BATCH = 500;

/**
 * Loads the shipped SBI 2025 snapshot into Postgres on start. Idempotent: it compares the file's
 * SHA-256 with the loaded version and replaces the table in one transaction only when they
 * differ; replicas starting together serialise on an advisory lock.
 */
@Injectable()
export class SbiImport implements OnModuleInit {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.load(await readFile(SBI_SNAPSHOT));
  }

  async load(file: Buffer): Promise<{ loaded: boolean; rows: number }> {
    const version = createHash('sha256').update(file).digest('hex');
    const rows = JSON.parse(file.toString('utf8')) as SbiSourceRow[];
    return this.dataSource.transaction(async (db) => {
      await db.query('SELECT pg_advisory_xact_lock($1)', [IMPORT_LOCK]);
      const [current] = (await db.query('SELECT version FROM cbs.dataset WHERE name = $1', [
        DATASET,
      ])) as { version: string }[];
      if (current?.version === version) return { loaded: false, rows: rows.length };

      await db.query('DELETE FROM cbs.sbi_code');
      for (let start = 0; start < rows.length; start += BATCH) {
        const batch = rows.slice(start, start + BATCH);
        const values = batch.map(
          (_, i) => `(${Array.from({ length: 9 }, (_, j) => `$${i * 9 + j + 1}`).join(', ')})`,
        );
        const params = batch.flatMap((r, i) => [
          r.code,
          r.level,
          r.depth,
          r.parent,
          r.section,
          r.title_nl,
          r.title_en,
          start + i,
          searchText(`${r.title_nl} ${r.title_en}`),
        ]);
        await db.query(
          `INSERT INTO cbs.sbi_code (code, level, depth, parent, section, title_nl, title_en, position, search_text) VALUES ${values.join(', ')}`,
          params,
        );
      }
      await db.query(
        `INSERT INTO cbs.dataset (name, version, rows, loaded_at) VALUES ($1, $2, $3, now())
         ON CONFLICT (name) DO UPDATE SET version = excluded.version, rows = excluded.rows, loaded_at = excluded.loaded_at`,
        [DATASET, version, rows.length],
      );
      this.logger.info(
        { dataset: DATASET, rows: rows.length, version: version.slice(0, 12) },
        'SBI 2025 snapshot loaded',
      );
      return { loaded: true, rows: rows.length };
    });
  }
}
