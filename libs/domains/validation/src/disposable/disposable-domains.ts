import { readFile } from 'node:fs/promises';
import { domainToASCII } from 'node:url';
import { getPublicSuffix, parse } from 'tldts';

/** One complete list; replaced as a whole, never changed in place. */
interface Snapshot {
  readonly deny: ReadonlySet<string>;
  readonly allow: ReadonlySet<string>;
  readonly source: string;
  readonly loadedAt: string;
}

export type RefreshResult =
  | {
      readonly ok: true;
      readonly size: number;
      readonly allowSize: number;
      readonly source: string;
    }
  | { readonly ok: false; readonly reason: string };

/** A refresh below this share of the current list is refused as a broken download. */
const MIN_SHARE = 0.5;
const MIN_SIZE = 1_000;
const DOWNLOAD_TIMEOUT_MS = 30_000;
const SHIPPED_DENY = new URL('../data/disposable-domains.txt', import.meta.url);
const SHIPPED_ALLOW = new URL('../data/disposable-allowlist.conf', import.meta.url);
const HOST = /^[a-z0-9_](?:[a-z0-9_-]*[a-z0-9_])?(?:\.[a-z0-9_](?:[a-z0-9_-]*[a-z0-9_])?)+$/;

/**
 * Domains of a list file, lower-case A-labels: plain text (one per line, `#` comments) or a
 * JSON array of strings. Entries that are no registrable domain under a known public suffix
 * are dropped: upstream lists carry scraping debris such as `backToTopButton.style.display`.
 */
export function parseDomainList(text: string): string[] {
  const trimmed = text.trimStart();
  const raw: unknown[] = trimmed.startsWith('[')
    ? (JSON.parse(trimmed) as unknown[])
    : text.split('\n');
  const out: string[] = [];
  for (const item of raw) {
    if (typeof item !== 'string') continue;
    const line = item.replace(/#.*$/, '').trim().toLowerCase().replace(/\.$/, '');
    if (!line) continue;
    const ascii = [...line].every((c) => c.charCodeAt(0) <= 0x7f) ? line : domainToASCII(line);
    if (!ascii || ascii.length > 253 || !HOST.test(ascii)) continue;
    const info = parse(ascii);
    if (!info.domain || (!info.isIcann && !info.isPrivate)) continue;
    out.push(ascii);
  }
  return out;
}

function snapshot(deny: string[], allow: string[], source: string): Snapshot {
  return { deny: new Set(deny), allow: new Set(allow), source, loadedAt: new Date().toISOString() };
}

/**
 * The disposable-mail domain list, in memory. A lookup reads the current snapshot once, and a
 * refresh builds a complete new one off to the side and swaps the reference in one assignment,
 * so a concurrent lookup sees the old list or the new one, never a half or an empty one.
 */
export class DisposableDomains {
  private current: Snapshot = snapshot([], [], 'none');
  private lastRefresh: { at: string; ok: boolean; reason?: string } | null = null;

  /** The snapshot shipped with the code: an offline start has the full list. */
  async loadShipped(): Promise<void> {
    const [deny, allow] = await Promise.all([
      readFile(SHIPPED_DENY, 'utf8'),
      readFile(SHIPPED_ALLOW, 'utf8'),
    ]);
    this.current = snapshot(parseDomainList(deny), parseDomainList(allow), 'shipped');
  }

  /**
   * True when the domain or a parent below its public suffix is listed and neither is on the
   * allowlist (which wins): `x.mailinator.com` matches `mailinator.com`, but no entry can
   * match a whole suffix such as `com` or `co.uk`.
   */
  check(domain: string): boolean {
    const list = this.current;
    const name = domain.trim().toLowerCase().replace(/\.$/, '');
    const suffix = getPublicSuffix(name) ?? '';
    const candidates: string[] = [];
    for (let d = name; d && d !== suffix; d = d.slice(d.indexOf('.') + 1)) {
      candidates.push(d);
      if (!d.includes('.')) break;
    }
    if (candidates.some((d) => list.allow.has(d))) return false;
    return candidates.some((d) => list.deny.has(d));
  }

  /** Downloads every list and swaps them in together, or keeps the current list and says why. */
  async refresh(
    urls: { deny: readonly string[]; allow?: readonly string[] },
    fetchImpl: typeof fetch = fetch,
  ): Promise<RefreshResult> {
    const result = await this.download(urls, fetchImpl);
    this.lastRefresh = {
      at: new Date().toISOString(),
      ok: result.ok,
      ...(!result.ok && { reason: result.reason }),
    };
    return result;
  }

  stats() {
    const list = this.current;
    return {
      size: list.deny.size,
      allowSize: list.allow.size,
      source: list.source,
      loadedAt: list.loadedAt,
      lastRefresh: this.lastRefresh,
    };
  }

  private async download(
    urls: { deny: readonly string[]; allow?: readonly string[] },
    fetchImpl: typeof fetch,
  ): Promise<RefreshResult> {
    if (urls.deny.length === 0) return { ok: false, reason: 'no list URLs configured' };
    const get = async (url: string) => {
      const res = await fetchImpl(url, { signal: AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS) });
      if (!res.ok) throw new Error(`${url} answered HTTP ${res.status}`);
      return parseDomainList(await res.text());
    };
    let deny: string[];
    let allow: string[];
    try {
      deny = (await Promise.all(urls.deny.map(get))).flat();
      allow = (await Promise.all((urls.allow ?? []).map(get))).flat();
    } catch (error) {
      return { ok: false, reason: (error as Error).message };
    }
    const size = new Set(deny).size;
    const floor = Math.max(MIN_SIZE, Math.floor(this.current.deny.size * MIN_SHARE));
    if (size < floor)
      return {
        ok: false,
        reason: `the downloaded list has ${size} domains, under the floor of ${floor}: kept the current list`,
      };
    // The shipped allowlist stays in force unless allowlists are configured.
    const next = snapshot(
      deny,
      urls.allow?.length ? allow : [...this.current.allow],
      urls.deny.join(', '),
    );
    this.current = next;
    return { ok: true, size: next.deny.size, allowSize: next.allow.size, source: next.source };
  }
}
