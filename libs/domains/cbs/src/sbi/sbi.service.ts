import { Injectable } from '@nestjs/common';
import {
  SBI_INDEX_ENDPOINT,
  SBI_LOOKUP_ENDPOINT,
  SBI_SEARCH_ENDPOINT,
  type SbiEdition,
  type SbiIndexQuery,
  type SbiIndexResponse,
  type SbiLookupResponse,
  type SbiSearchQuery,
  type SbiSearchResponse,
} from '@nl/contracts-cbs';
import { type ReplyEnvelope } from '@nl/contracts-core';
import { DomainCache, cacheKey, replyEnvelope, type Cached } from '@nl/platform-cache';
import type { RequestScope } from '@nl/platform-context';
import { DomainError } from '@nl/platform-errors';
import { pageMeta } from '@nl/contracts-core';
import { Sbi2008Lookup } from './sbi2008-lookup.js';
import { SbiRepository } from './sbi.repository.js';

const SOURCE = 'cbs-sbi-2025';

const envelope = <T>(cached: Cached<T>): ReplyEnvelope<T> => replyEnvelope(SOURCE, cached);

const notFound = (message: string) =>
  DomainError.notFound({ found: false, result: null, message }, message);

/** SBI 2025 lookups (and SBI 2008 codes on request), cache-aside with the catalog's TTLs. */
@Injectable()
export class SbiService {
  constructor(
    private readonly repository: SbiRepository,
    private readonly sbi2008: Sbi2008Lookup,
    private readonly cache: DomainCache,
  ) {}

  async index(query: SbiIndexQuery, scope: RequestScope): Promise<ReplyEnvelope<SbiIndexResponse>> {
    const key = `index:${query.level ?? ''}:${query.parent ?? ''}:${query.page}:${query.per_page}`;
    const cached = await this.cache.through(cacheKey(scope, SBI_INDEX_ENDPOINT, key), async () => {
      const { rows, total } = await this.repository.index(query);
      return { data: rows, meta: pageMeta(total, query.page, query.per_page) };
    });
    return envelope(cached);
  }

  async lookup(
    code: string,
    edition: SbiEdition,
    scope: RequestScope,
  ): Promise<ReplyEnvelope<SbiLookupResponse>> {
    const name = edition === '2008' ? `lookup2008:${code}` : `lookup:${code}`;
    const cached = await this.cache.through(cacheKey(scope, SBI_LOOKUP_ENDPOINT, name), () =>
      edition === '2008' ? this.sbi2008.lookup(code) : this.repository.lookup(code),
    );
    if (!cached.value) throw notFound(this.missing(code, edition));
    return envelope({ ...cached, value: { found: true, result: cached.value } });
  }

  /** Why nothing was found; an SBI 2008 code asked in 2025 says where it is. */
  private missing(code: string, edition: SbiEdition): string {
    if (edition === '2008') return `SBI 2008 has no code ${code}.`;
    return this.sbi2008.has(code)
      ? `SBI 2025 has no code ${code}. It is an SBI 2008 code (older KVK answers carry them): ask with edition=2008 for its SBI 2025 candidates.`
      : `SBI 2025 has no code ${code}.`;
  }

  async search(
    query: SbiSearchQuery,
    scope: RequestScope,
  ): Promise<ReplyEnvelope<SbiSearchResponse>> {
    const name = `search:${query.limit}:${query.q.toLowerCase()}`;
    const cached = await this.cache.through(
      cacheKey(scope, SBI_SEARCH_ENDPOINT, name),
      async () => {
        const { hits, total } = await this.repository.search(query.q, query.limit);
        return { query: query.q, total, results: hits };
      },
    );
    return envelope(cached);
  }
}
