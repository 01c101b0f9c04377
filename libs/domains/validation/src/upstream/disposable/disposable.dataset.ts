import {
  Dataset,
  MemoryStore,
  readText,
  type DatasetDefinition,
  type DatasetFile,
  type DownloadOptions,
} from '@nl/platform-dataset';
import { getPublicSuffix } from 'tldts';
import { toDomainLists } from './disposable.mapper.js';
import { parsedDomainList } from './parsed-lists.js';
import type { DomainLists, ListPart, ListUrls, RefreshResult } from './disposable.types.js';

const SHIPPED: readonly DatasetFile[] = [
  { part: 'deny', url: new URL('../../data/disposable-domains.txt', import.meta.url).href },
  { part: 'allow', url: new URL('../../data/disposable-allowlist.conf', import.meta.url).href },
];

/** The disposable-domain lists as an imported dataset: a refresh under half the list is refused. */
export const DISPOSABLE_DATASET: DatasetDefinition<string, DomainLists> = {
  name: 'disposable-domains',
  parse: async (body) => parsedDomainList(await readText(body)),
  build: (parts, previous) => toDomainLists(parts as ReadonlyMap<ListPart, string[]>, previous),
  size: (lists) => lists.deny.size,
  describe: (lists) => ({ allowSize: lists.allow.size }),
  minSize: 1_000,
  minShare: 0.5,
};

const EMPTY: DomainLists = { deny: new Set(), allow: new Set() };

/** The files of configured list URLs; without a deny list there is nothing to refresh. */
export function listFiles(urls: ListUrls): DatasetFile[] {
  if (urls.deny.length === 0) return [];
  return [
    ...urls.deny.map((url) => ({ part: 'deny', url })),
    ...(urls.allow ?? []).map((url) => ({ part: 'allow', url })),
  ];
}

/**
 * The disposable-mail domain list in memory. A lookup reads the version in use once; a refresh
 * builds the next one off to the side and the dataset swaps it in with one assignment, so a
 * concurrent lookup sees the old lists or the new ones, never a half or an empty one.
 */
export class DisposableDomains {
  readonly dataset: Dataset<string, DomainLists>;

  constructor(options: DownloadOptions = {}) {
    this.dataset = new Dataset(DISPOSABLE_DATASET, new MemoryStore(), options);
  }

  /** The snapshot shipped with the code: an offline start has the full list. */
  async loadShipped(): Promise<void> {
    const result = await this.dataset.load(SHIPPED);
    if (!result.ok) throw new Error(`the shipped disposable-domain list: ${result.reason}`);
  }

  /**
   * True when the domain or a parent below its public suffix is listed and neither is on the
   * allowlist (which wins): `x.mailinator.com` matches `mailinator.com`, but no entry can
   * match a whole suffix such as `com` or `co.uk`.
   */
  check(domain: string): boolean {
    const lists = this.dataset.data ?? EMPTY;
    const name = domain.trim().toLowerCase().replace(/\.$/, '');
    const suffix = getPublicSuffix(name) ?? '';
    const candidates: string[] = [];
    for (let d = name; d && d !== suffix; d = d.slice(d.indexOf('.') + 1)) {
      candidates.push(d);
      if (!d.includes('.')) break;
    }
    if (candidates.some((d) => lists.allow.has(d))) return false;
    return candidates.some((d) => lists.deny.has(d));
  }

  /** Downloads every list and swaps them in together, or keeps the lists in use and says why. */
  async refresh(urls: ListUrls): Promise<RefreshResult> {
    const result = await this.dataset.refresh(listFiles(urls));
    if (!result.ok) return result;
    const { changed, size, source } = result;
    return { ok: true, changed, size, allowSize: this.dataset.data?.allow.size ?? 0, source };
  }

  /** What `/health/ready` shows: the dataset's stats with the allowlist's size. */
  stats() {
    return { ...this.dataset.stats(), allowSize: this.dataset.data?.allow.size ?? 0 };
  }
}
