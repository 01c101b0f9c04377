import { pageMeta } from '@nl/contracts-core';
import {
  KVK_SEARCH_REACHABLE,
  KVK_SEARCH_TYPES,
  type CompanySearchResponse,
  type KvkLink,
  type KvkSearchAddress,
  type KvkSearchHit,
  type KvkSearchType,
} from '@nl/contracts-kvk';
import type { RawKvkSearch, RawKvkSearchHit } from './kvk.types.js';

const DOMESTIC = [
  'type',
  'straatnaam',
  'huisnummer',
  'huisletter',
  'postbusnummer',
  'postcode',
  'plaats',
];
const FOREIGN = ['type', 'straatHuisnummer', 'postcodeWoonplaats', 'land'];

/** The members KVK gave (texts trimmed, numbers as numbers); null when none is left. */
function members(raw: Readonly<Record<string, unknown>> | undefined, names: readonly string[]) {
  if (!raw) return null;
  const out: Record<string, unknown> = {};
  for (const name of names) {
    const value = raw[name];
    if (typeof value === 'string' && value.trim()) out[name] = value.replace(/\s+/g, ' ').trim();
    else if (typeof value === 'number' && Number.isFinite(value)) out[name] = value;
  }
  return Object.keys(out).length ? out : null;
}

function address(raw: RawKvkSearchHit['adres']): KvkSearchAddress | null {
  const domestic = members(raw?.binnenlandsAdres, DOMESTIC);
  const foreign = members(raw?.buitenlandsAdres, FOREIGN);
  if (!domestic && !foreign) return null;
  return {
    ...(domestic && { binnenlandsAdres: domestic }),
    ...(foreign && { buitenlandsAdres: foreign }),
  } as KvkSearchAddress;
}

const branchHref = (kvkNummer: string, vestigingsnummer: string) =>
  `/v1/kvk/${kvkNummer}/branch?vestigingsnummer=${vestigingsnummer}`;

/** One hit, its links our own profiles (KVK's URLs never pass through). */
export function toSearchHit(raw: RawKvkSearchHit): KvkSearchHit {
  const kvkNummer = String(raw.kvkNummer ?? '');
  const vestigingsnummer = raw.vestigingsnummer ?? null;
  const type = KVK_SEARCH_TYPES.includes(raw.type as KvkSearchType)
    ? (raw.type as KvkSearchType)
    : vestigingsnummer
      ? 'nevenvestiging'
      : 'rechtspersoon';
  const links: KvkLink[] = [{ rel: 'basisprofiel', href: `/v1/kvk/${kvkNummer}` }];
  if (vestigingsnummer)
    links.push({ rel: 'vestigingsprofiel', href: branchHref(kvkNummer, vestigingsnummer) });
  return {
    kvkNummer,
    vestigingsnummer,
    rsin: raw.rsin ?? null,
    naam: raw.naam ?? null,
    adres: address(raw.adres),
    type,
    actief: raw.actief !== 'Nee',
    vervallenNaam: raw.vervallenNaam ?? null,
    links,
  };
}

/** Where a page of this search is, on our own path. */
export type PageHref = (page: number) => string;

/**
 * A page of hits (null: KVK found none) with its paging: `last_page` the last page that can be
 * asked for (1,000 hits reachable), `prev`/`next` links only to such pages.
 */
export function toSearchPage(
  raw: RawKvkSearch | null,
  page: number,
  perPage: number,
  href: PageHref,
  fetchedAt: string,
): CompanySearchResponse {
  const results = (raw?.resultaten ?? []).map(toSearchHit);
  const total = raw ? Number(raw.totaal ?? results.length) : 0;
  const meta = pageMeta(total, page, perPage);
  meta.last_page = Math.max(
    1,
    Math.min(meta.last_page, Math.floor(KVK_SEARCH_REACHABLE / perPage)),
  );
  const links: KvkLink[] = [{ rel: 'self', href: href(page) }];
  if (page > 1) links.push({ rel: 'prev', href: href(Math.min(page - 1, meta.last_page)) });
  if (page < meta.last_page) links.push({ rel: 'next', href: href(page + 1) });
  return { total, results, meta, links, lastFetchedAt: fetchedAt };
}
