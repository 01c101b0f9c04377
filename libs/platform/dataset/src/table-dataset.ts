import { createReadStream } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { DatasetFile, LastRefresh, LoadResult } from './dataset.js';
import { gunzipped, hashing, newVersionHash, openFile, type DownloadOptions } from './download.js';
import type { TableVersion, VersionedTable } from './versioned-table.js';

/** A dataset kept in a database table: its rows are streamed from the file into the table. */
export interface TableDatasetDefinition<Row> {
  /** Its name in logs and `/health/ready`, e.g. `ndw-chargepoints`. */
  readonly name: string;
  /** The rows of one file as they are parsed, piece by piece where the format allows. */
  rows(body: AsyncIterable<Uint8Array>): AsyncIterable<Row>;
  /** A version under this many rows is refused (default 1). */
  readonly minSize?: number;
  /** A refresh under this share of the version in use is refused (default 0.5). */
  readonly minShare?: number;
}

/** The smallest acceptable size of a new version, shared by memory and table datasets. */
export function sizeFloor(
  definition: { readonly minSize?: number; readonly minShare?: number },
  inUse: number,
): number {
  return Math.max(definition.minSize ?? 1, Math.floor(inUse * (definition.minShare ?? 0.5)));
}

export function underFloor(size: number, floor: number): string | null {
  return size < floor
    ? `the new version has ${size} entries, under the floor of ${floor}: kept the current version`
    : null;
}

/** What health keeps of a refresh; `previous` carries the time of the last one that succeeded. */
export function lastRefreshOf(result: LoadResult, previous: LastRefresh | null): LastRefresh {
  const at = new Date().toISOString();
  const lastOkAt = result.ok ? at : previous?.lastOkAt;
  return {
    at,
    ok: result.ok,
    ...(result.ok ? { changed: result.changed } : { reason: result.reason }),
    ...(lastOkAt && { lastOkAt }),
  };
}

/** For `/health/ready`: size, version, source, load time and age, and the last refresh. */
export function versionStats(
  current: { size: number; version: string; source: string; loadedAt: string } | null,
  lastRefresh: LastRefresh | null,
  extra?: Record<string, unknown>,
) {
  return {
    size: current?.size ?? 0,
    ...extra,
    version: current?.version.slice(0, 12) ?? null,
    source: current?.source ?? 'none',
    loadedAt: current?.loadedAt ?? null,
    ageSeconds: current
      ? Math.max(0, Math.round((Date.now() - Date.parse(current.loadedAt)) / 1000))
      : null,
    lastRefresh,
  };
}

/** What `refreshEvery` and the health registry need of a dataset. */
export interface RefreshableDataset {
  readonly name: string;
  refresh(files: readonly DatasetFile[]): Promise<LoadResult>;
  stats(): Record<string, unknown>;
}

/**
 * One imported dataset served from a database table (see `VersionedTable`): the shipped
 * snapshot on a first start, then refreshes with conditional GETs. A file is gunzipped when it
 * is gzip, parsed as a stream and written into a new generation while readers keep the old
 * one; it is published only when it is whole and not suspiciously small. On any failure (HTTP
 * error, truncated gzip, malformed file, too few rows) the version in use stays and health
 * shows the reason. Memory stays bounded by the parser's piece and one batch of rows.
 */
export class TableDataset<Row extends object> implements RefreshableDataset {
  private current: TableVersion | null = null;
  private lastRefresh: LastRefresh | null = null;

  constructor(
    private readonly definition: TableDatasetDefinition<Row>,
    private readonly table: VersionedTable<Row>,
    private readonly options: DownloadOptions = {},
  ) {}

  get name(): string {
    return this.definition.name;
  }

  /** The version in use (a cache key part: a new version is a new key); null before a load. */
  get version(): string | null {
    return this.current?.version ?? null;
  }

  /**
   * On start: keeps what the database has (a restart, or a replica after another one loaded),
   * else loads the shipped snapshot.
   */
  async start(shipped: DatasetFile): Promise<LoadResult> {
    const installed = await this.table.installed();
    if (installed) {
      this.current = installed;
      const { size, version, source } = installed;
      return { ok: true, changed: false, size, version, source };
    }
    return this.run(shipped, 'shipped', false);
  }

  /** Installs a file whatever is in use (no size floor against it): e.g. the shipped snapshot again. */
  reinstall(file: DatasetFile, source = 'shipped'): Promise<LoadResult> {
    return this.run(file, source, false);
  }

  async refresh(files: readonly DatasetFile[]): Promise<LoadResult> {
    const result =
      files.length === 0
        ? ({ ok: false, reason: 'no URL configured' } as const)
        : await this.run(files[0], files[0].url, true);
    this.lastRefresh = lastRefreshOf(result, this.lastRefresh);
    return result;
  }

  stats() {
    return versionStats(this.current, this.lastRefresh);
  }

  private async run(file: DatasetFile, source: string, guarded: boolean): Promise<LoadResult> {
    // Before the file is opened for staging: a stream left unread would hold its descriptor.
    if (await this.installedAlready(file.url).catch(() => false)) return this.unchanged();
    let fetched;
    try {
      // The database's version is the truth: another replica may have loaded a newer one.
      if (guarded) this.current = (await this.table.installed()) ?? this.current;
      const known = this.current?.source === file.url ? this.current.validators : undefined;
      fetched = await openFile(file.url, guarded ? known : undefined, this.options);
    } catch (error) {
      return { ok: false, reason: (error as Error).message };
    }
    if (!fetched.changed) return this.unchanged();
    const hash = newVersionHash();
    let staged;
    try {
      const body = gunzipped(hashing(fetched.body, hash));
      staged = await this.table.stage(this.definition.rows(body));
    } catch (error) {
      return { ok: false, reason: `${file.url}: ${(error as Error).message}` };
    }
    const version = hash.digest('hex');
    const floor = sizeFloor(this.definition, guarded ? (this.current?.size ?? 0) : 0);
    const refusal = underFloor(staged.size, floor);
    if (refusal) {
      await this.table.discard(staged.generation);
      return { ok: false, reason: refusal };
    }
    const next = { ...staged, version, source, validators: fetched.validators };
    const loadedAt = new Date().toISOString();
    try {
      const published = await this.table.publish(next, loadedAt);
      this.current = published ? { ...next, loadedAt } : await this.table.installed();
      return { ok: true, changed: published, size: staged.size, version, source };
    } catch (error) {
      await this.table.discard(staged.generation).catch(() => undefined);
      return {
        ok: false,
        reason: `could not install the new version: ${(error as Error).message}`,
      };
    }
  }

  /**
   * Whether a local file is the version in use already (the usual start, which reinstalls the
   * shipped snapshot): its hash is read in a few milliseconds, where staging it would parse and
   * write every row only for `publish` to find the version in use and drop them again (SBI 2025
   * cost each later start ~0.3 s of the database's time on its critical path).
   */
  private async installedAlready(url: string): Promise<boolean> {
    if (!url.startsWith('file:')) return false;
    const hash = newVersionHash();
    for await (const chunk of createReadStream(fileURLToPath(url)) as AsyncIterable<Uint8Array>)
      hash.update(chunk);
    const installed = await this.table.installed();
    if (installed?.version !== hash.digest('hex')) return false;
    this.current = installed;
    return true;
  }

  private unchanged(): LoadResult {
    const current = this.current;
    if (!current) return { ok: false, reason: 'answered 304 with nothing loaded' };
    const { size, version, source } = current;
    return { ok: true, changed: false, size, version, source };
  }
}
