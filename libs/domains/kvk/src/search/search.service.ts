import { Injectable } from '@nestjs/common';
import type { ReplyEnvelope } from '@nl/contracts-core';
import {
  COMPANY_SEARCH_ENDPOINT,
  type CompanySearchQuery,
  type CompanySearchResponse,
} from '@nl/contracts-kvk';
import { DomainCache, cacheKey, replyEnvelope } from '@nl/platform-cache';
import type { RequestScope } from '@nl/platform-context';
import { KvkClient, type KvkSearchParams } from '../upstream/kvk/kvk.client.js';
import { toSearchPage } from '../upstream/kvk/kvk-search.mapper.js';

/** Our query parameters and KVK Zoeken's names for them. */
const KVK_NAMES = {
  name: 'naam',
  street: 'straatnaam',
  place: 'plaats',
  postcode: 'postcode',
  house_number: 'huisnummer',
  house_letter: 'huisletter',
  kvk_number: 'kvkNummer',
  rsin: 'rsin',
  branch_number: 'vestigingsnummer',
} as const;

/** The search in KVK's words, in one order (one cache entry for the same search). */
function kvkSearchParams(query: CompanySearchQuery): KvkSearchParams {
  const params: Record<string, string | number | readonly string[]> = {};
  for (const [ours, theirs] of Object.entries(KVK_NAMES)) {
    const value = query[ours as keyof typeof KVK_NAMES];
    if (value !== undefined) params[theirs] = value;
  }
  if (query.type) params['type'] = [...new Set(query.type.split(','))].sort();
  if (query.include_inactive) params['inclusiefInactieveRegistraties'] = 'true';
  params['pagina'] = query.page;
  params['resultatenPerPagina'] = query.per_page;
  return params;
}

/** Our path of another page of the same search. */
function pageHref(query: CompanySearchQuery) {
  return (page: number) => {
    const params = new URLSearchParams();
    for (const name of [...Object.keys(KVK_NAMES), 'type', 'include_inactive'] as const) {
      const value = query[name as keyof CompanySearchQuery];
      if (value !== undefined) params.set(name, String(value));
    }
    params.set('page', String(page));
    params.set('per_page', String(query.per_page));
    return `/v1/kvk/search?${params.toString()}`;
  };
}

/**
 * `GET /v1/kvk/search`: one page of KVK Zoeken through the cache (1 hour, stale-if-error a
 * day, keyed by the search in KVK's words). No hits (KVK's 404 IPD5200) is a page with total 0.
 * A page beyond the 1,000 hits KVK lets through never gets here (the query's rules refuse it).
 */
@Injectable()
export class SearchService {
  constructor(
    private readonly client: KvkClient,
    private readonly cache: DomainCache,
  ) {}

  async search(
    query: CompanySearchQuery,
    scope: RequestScope,
  ): Promise<ReplyEnvelope<CompanySearchResponse>> {
    const params = kvkSearchParams(query);
    const cached = await this.cache.through(
      cacheKey(scope, COMPANY_SEARCH_ENDPOINT, `search:${new URLSearchParams(flat(params))}`),
      () => this.client.search(params, scope),
    );
    const page = toSearchPage(
      cached.value,
      query.page,
      query.per_page,
      pageHref(query),
      cached.fetchedAt,
    );
    return replyEnvelope('kvk', { ...cached, value: page });
  }
}

const flat = (params: KvkSearchParams): [string, string][] =>
  Object.entries(params).flatMap(([key, value]) =>
    Array.isArray(value)
      ? value.map((v) => [key, String(v)] as [string, string])
      : [[key, String(value)]],
  );
