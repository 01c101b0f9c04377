import type { Hash } from 'node:crypto';
import {
  gunzipped,
  hashing,
  newVersionHash,
  openFile,
  type DownloadOptions,
  type Validators,
} from './download.js';
import { lastRefreshOf, sizeFloor, underFloor, versionStats } from './table-dataset.js';

/** One file of a dataset; `part` groups files that mean the same (e.g. `deny` and `allow`). */
export interface DatasetFile {
  readonly part: string;
  /** `file:` for the snapshot shipped with the code, `http(s):` for a refresh. */
  readonly url: string;
}

/** What a dataset is: how to read its files and what makes a version acceptable. */
export interface DatasetDefinition<Item, Data> {
  /** Its name in logs and `/health/ready`, e.g. `disposable-domains`. */
  readonly name: string;
  /** The items of one file; parse piece by piece where the format allows (see `readLines`). */
  parse(body: AsyncIterable<Uint8Array>, file: DatasetFile): Promise<Item[]>;
  /**
   * The loadable version from every part's items. A part without files in this load keeps
   * what `previous` has (e.g. the shipped allowlist when no allowlist URL is configured).
   */
  build(parts: ReadonlyMap<string, Item[]>, previous: Data | undefined): Data;
  /** Entries in a version, for the floor below and for health. */
  size(data: Data): number;
  /** A reason to refuse the version, or null. */
  validate?(data: Data): string | null;
  /** Extra health fields of a version (e.g. the allowlist's size). */
  describe?(data: Data): Record<string, unknown>;
  /** A refresh under this many entries is refused (default 1). */
  readonly minSize?: number;
  /** A refresh under this share of the version in use is refused (default 0.5). */
  readonly minShare?: number;
}

/** A version as installed: the data and what health shows of it. */
export interface DatasetVersion<Data> {
  readonly data: Data;
  readonly version: string;
  readonly size: number;
  readonly source: string;
  readonly loadedAt: string;
}

/**
 * Where versions live. In memory the swap is one reference assignment; a database store
 * replaces its rows in one transaction. Either way a reader sees the old or the new version.
 */
export interface DatasetStore<Data> {
  /** What is installed (after a restart, a database store reads it back), or null. */
  installed(): Promise<Omit<DatasetVersion<Data>, 'data'> | null>;
  /** Installs a version; false when that version was installed already (nothing done). */
  install(next: DatasetVersion<Data>): Promise<boolean>;
}

export type LoadResult =
  | {
      readonly ok: true;
      /** False when nothing changed: every file answered 304, or the version was installed. */
      readonly changed: boolean;
      readonly size: number;
      readonly version: string;
      readonly source: string;
    }
  | { readonly ok: false; readonly reason: string };

export interface LastRefresh {
  readonly at: string;
  readonly ok: boolean;
  readonly changed?: boolean;
  readonly reason?: string;
  /** When a refresh last succeeded (changed or not): the data was current then. */
  readonly lastOkAt?: string;
}

interface Remembered<Item> {
  readonly validators: Validators;
  readonly items: Item[];
  readonly digest: string;
}

/**
 * One imported dataset: loads the shipped snapshot, refreshes from URLs with conditional GETs,
 * parses, checks, and installs a new version atomically; on any failure, or a file suspiciously
 * smaller than the version in use, the old version stays and the reason is kept for health.
 */
export class Dataset<Item, Data> {
  private current: DatasetVersion<Data> | null = null;
  private lastRefresh: LastRefresh | null = null;
  /** Per URL: its validators and items, so a 304 can reuse them. Only URLs that sent validators. */
  private readonly remembered = new Map<string, Remembered<Item>>();

  constructor(
    private readonly definition: DatasetDefinition<Item, Data>,
    private readonly store: DatasetStore<Data>,
    private readonly options: DownloadOptions = {},
  ) {}

  get name(): string {
    return this.definition.name;
  }

  /** The version in use; undefined before the first load. */
  get data(): Data | undefined {
    return this.current?.data;
  }

  /**
   * Loads the files without comparing to the version in use (the shipped snapshot at start).
   * The minimum size and `validate` still apply.
   */
  async load(files: readonly DatasetFile[], source = 'shipped'): Promise<LoadResult> {
    return this.run(files, source, false);
  }

  /** Refreshes from the files' URLs; the version in use stays unless the new one is sound. */
  async refresh(files: readonly DatasetFile[]): Promise<LoadResult> {
    const result =
      files.length === 0
        ? ({ ok: false, reason: 'no URLs configured' } as const)
        : await this.run(files, files.map((f) => f.url).join(', '), true);
    this.lastRefresh = lastRefreshOf(result, this.lastRefresh);
    return result;
  }

  /** For `/health/ready`: size, version, source, load time and age, and the last refresh. */
  stats() {
    const current = this.current;
    return versionStats(
      current,
      this.lastRefresh,
      current ? this.definition.describe?.(current.data) : undefined,
    );
  }

  private async run(
    files: readonly DatasetFile[],
    source: string,
    guarded: boolean,
  ): Promise<LoadResult> {
    const def = this.definition;
    const parts = new Map<string, Item[]>();
    const digests: string[] = [];
    const fresh = new Map<string, Remembered<Item>>();
    let changed = !guarded || !this.current;
    try {
      for (const file of files) {
        const read = await this.read(file);
        if (read.changed) changed = true;
        if (Object.keys(read.validators).length > 0) fresh.set(file.url, read);
        digests.push(read.digest);
        parts.set(file.part, [...(parts.get(file.part) ?? []), ...read.items]);
      }
    } catch (error) {
      return { ok: false, reason: (error as Error).message };
    }
    const version = digests.length === 1 ? digests[0] : digestOf(digests.join('\n'));
    if (!changed && this.current) return this.unchanged(this.current);

    const data = def.build(parts, this.current?.data);
    const size = def.size(data);
    const refusal = def.validate?.(data) ?? this.floor(size, guarded);
    if (refusal) return { ok: false, reason: refusal };

    const next = { data, version, size, source, loadedAt: new Date().toISOString() };
    let installed: boolean;
    try {
      installed = await this.store.install(next);
    } catch (error) {
      return {
        ok: false,
        reason: `could not install the new version: ${(error as Error).message}`,
      };
    }
    for (const [url, remembered] of fresh) this.remembered.set(url, remembered);
    if (!installed) {
      const kept = await this.store.installed();
      this.current = { ...next, loadedAt: kept?.loadedAt ?? next.loadedAt };
      return { ok: true, changed: false, size, version, source };
    }
    this.current = next;
    return { ok: true, changed: true, size, version, source };
  }

  /** One file, or what was remembered of it when the server says it has not changed. */
  private async read(file: DatasetFile): Promise<Remembered<Item> & { changed: boolean }> {
    const before = this.remembered.get(file.url);
    const fetched = await openFile(file.url, before?.validators, this.options);
    if (!fetched.changed) {
      if (!before) throw new Error(`${file.url} answered 304 to an unconditional request`);
      return { ...before, changed: false };
    }
    const hash: Hash = newVersionHash();
    const items = await this.definition.parse(gunzipped(hashing(fetched.body, hash)), file);
    return { validators: fetched.validators, items, digest: hash.digest('hex'), changed: true };
  }

  private floor(size: number, guarded: boolean): string | null {
    return underFloor(size, sizeFloor(this.definition, guarded ? (this.current?.size ?? 0) : 0));
  }

  private unchanged(current: DatasetVersion<Data>): LoadResult {
    const { size, version, source } = current;
    return { ok: true, changed: false, size, version, source };
  }
}

function digestOf(text: string): string {
  return newVersionHash().update(text).digest('hex');
}

/** The store of a dataset held in memory: installing is one reference swap. */
export class MemoryStore<Data> implements DatasetStore<Data> {
  private version: DatasetVersion<Data> | null = null;

  installed() {
    return Promise.resolve(this.version);
  }

  install(next: DatasetVersion<Data>): Promise<boolean> {
    this.version = next;
    return Promise.resolve(true);
  }
}
