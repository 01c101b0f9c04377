import type { DataSource } from 'typeorm';
import type { Validators } from './download.js';

/** A version of a table dataset as recorded in the database. */
export interface TableVersion {
  readonly generation: number;
  readonly version: string;
  readonly size: number;
  readonly source: string;
  readonly loadedAt: string;
  /**
   * What the server said about the file (`source`) this version came from: every replica sends
   * them back, so a file one replica loaded costs the others a 304, a restart too.
   */
  readonly validators?: Validators;
}

/** Where a table dataset keeps its rows: one table, every row tagged with its generation. */
export interface VersionedTableOptions {
  /** Dataset name, the key of its row in `pointer`. */
  readonly name: string;
  /** `schema.table`; it has a `generation integer` column besides `columns`. */
  readonly table: string;
  readonly columns: readonly string[];
  /**
   * `schema.table` of the pointers: `(name text primary key, generation integer, version text,
   * rows integer, source text, loaded_at timestamptz, validators jsonb null)`, with a sequence
   * `<pointer>_generation`.
   */
  readonly pointer: string;
  /** Rows per INSERT (default 1,000). */
  readonly batch?: number;
}

/** SQL for the generation a dataset has in use, for a reader's WHERE clause. */
export function generationInUse(pointer: string, name: string): string {
  return `(SELECT generation FROM ${pointer} WHERE name = '${name.replace(/'/g, "''")}')`;
}

/** An advisory lock id per pointer table and name, so replicas publish one at a time. */
function lockOf(key: string): number {
  let hash = 0;
  for (let i = 0; i < key.length; i++) hash = (Math.imul(hash, 31) + key.charCodeAt(i)) | 0;
  return hash;
}

/**
 * A dataset's rows in one table. A new version is staged under a new generation while readers
 * go on reading the generation the pointer names; publishing moves the pointer and deletes
 * older generations in one transaction, so a statement that picks its generation through the
 * pointer (`WHERE generation = (SELECT …)`, see `current`) sees the old rows or the new ones.
 */
export class VersionedTable<Row extends object> {
  constructor(
    private readonly db: DataSource,
    private readonly options: VersionedTableOptions,
  ) {}

  /** SQL for the generation in use, for a reader's WHERE clause. */
  get current(): string {
    return generationInUse(this.options.pointer, this.options.name);
  }

  async installed(): Promise<TableVersion | null> {
    const [row] = (await this.db.query(
      `SELECT generation, version, rows, source, validators,
              to_char(loaded_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS loaded_at
         FROM ${this.options.pointer} WHERE name = $1`,
      [this.options.name],
    )) as {
      generation: number;
      version: string;
      rows: number;
      source: string;
      loaded_at: string;
      validators: Validators | null;
    }[];
    return row
      ? {
          generation: Number(row.generation),
          version: row.version,
          size: Number(row.rows),
          source: row.source,
          loadedAt: row.loaded_at,
          ...(row.validators && { validators: row.validators }),
        }
      : null;
  }

  /** Writes the rows under a new generation, in batches as they come; returns it and the count. */
  async stage(rows: AsyncIterable<Row>): Promise<{ generation: number; size: number }> {
    const [{ generation }] = (await this.db.query(
      `SELECT nextval('${this.options.pointer}_generation')::integer AS generation`,
    )) as { generation: number }[];
    const batchSize = this.options.batch ?? 1_000;
    let batch: Row[] = [];
    let size = 0;
    try {
      for await (const row of rows) {
        batch.push(row);
        if (batch.length >= batchSize) {
          await this.insert(generation, batch);
          size += batch.length;
          batch = [];
        }
      }
      if (batch.length > 0) await this.insert(generation, batch);
      size += batch.length;
    } catch (error) {
      await this.discard(generation);
      throw error;
    }
    return { generation, size };
  }

  /**
   * Points readers at a staged generation and drops the older ones, atomically. False (and the
   * staged rows dropped) when the version is in use already or a newer generation was published
   * meanwhile by another replica.
   */
  async publish(staged: Omit<TableVersion, 'loadedAt'>, loadedAt: string): Promise<boolean> {
    const { pointer, name, table } = this.options;
    const published = await this.db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [lockOf(`${pointer}:${name}`)]);
      const [now] = (await tx.query(`SELECT generation, version FROM ${pointer} WHERE name = $1`, [
        name,
      ])) as { generation: number; version: string }[];
      if (now && (now.version === staged.version || Number(now.generation) > staged.generation))
        return false;
      await tx.query(
        `INSERT INTO ${pointer} (name, generation, version, rows, source, loaded_at, validators)
         VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (name) DO UPDATE SET generation = excluded.generation, version = excluded.version,
           rows = excluded.rows, source = excluded.source, loaded_at = excluded.loaded_at,
           validators = excluded.validators`,
        [
          name,
          staged.generation,
          staged.version,
          staged.size,
          staged.source,
          loadedAt,
          staged.validators ? JSON.stringify(staged.validators) : null,
        ],
      );
      await tx.query(`DELETE FROM ${table} WHERE generation < $1`, [staged.generation]);
      return true;
    });
    if (!published) await this.discard(staged.generation);
    return published;
  }

  async discard(generation: number): Promise<void> {
    await this.db.query(`DELETE FROM ${this.options.table} WHERE generation = $1`, [generation]);
  }

  private async insert(generation: number, rows: Row[]): Promise<void> {
    const columns = this.options.columns.join(', ');
    await this.db.query(
      `INSERT INTO ${this.options.table} (generation, ${columns})
       SELECT $1, ${columns} FROM json_populate_recordset(NULL::${this.options.table}, $2::json)`,
      [generation, JSON.stringify(rows)],
    );
  }
}
