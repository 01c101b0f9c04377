import { Injectable } from '@nestjs/common';
import {
  SBI_INDEX_ENDPOINT,
  SBI_LOOKUP_ENDPOINT,
  SBI_SEARCH_ENDPOINT,
  type SbiIndexQuery,
  type SbiIndexResponse,
  type SbiLookupResponse,
  type SbiSearchQuery,
  type SbiSearchResponse,
} from '@nl/contracts-cbs';
import { type ReplyEnvelope } from '@nl/contracts-core';
import { DomainCache, replyEnvelope, type Cached } from '@nl/platform-cache';
import { DomainError } from '@nl/platform-errors';
import { pageMeta } from '@nl/contracts-core';
import { SbiRepository } from './sbi.repository.js';

const SOURCE = 'cbs-sbi-2025';

const envelope = <T>(cached: Cached<T>): ReplyEnvelope<T> => replyEnvelope(SOURCE, cached);

/** SBI 2025 lookups, cache-aside with the catalog's TTLs. */
@Injectable()
export class SbiService {
  constructor(
    private readonly repository: SbiRepository,
    private readonly cache: DomainCache,
  ) {}

  async index(query: SbiIndexQuery): Promise<ReplyEnvelope<SbiIndexResponse>> {
    const key = `index:${query.level ?? ''}:${query.parent ?? ''}:${query.page}:${query.per_page}`;
    const cached = await this.cache.getOrLoad(
      key,
      async () => {
        const { rows, total } = await this.repository.index(query);
        return { data: rows, meta: pageMeta(total, query.page, query.per_page) };
      },
      { ttlMs: SBI_INDEX_ENDPOINT.cacheTtlMs },
    );
    return envelope(cached);
  }

  async lookup(code: string): Promise<ReplyEnvelope<SbiLookupResponse>> {
    const cached = await this.cache.getOrLoad(
      `lookup:${code}`,
      () => this.repository.lookup(code),
      {
        ttlMs: SBI_LOOKUP_ENDPOINT.cacheTtlMs,
      },
    );
    if (!cached.value) {
      throw DomainError.notFound(
        { found: false, result: null, message: `SBI 2025 has no code ${code}.` },
        `SBI 2025 has no code ${code}.`,
      );
    }
    return envelope({ ...cached, value: { found: true, result: cached.value } });
  }

  async search(query: SbiSearchQuery): Promise<ReplyEnvelope<SbiSearchResponse>> {
    const cached = await this.cache.getOrLoad(
      `search:${query.limit}:${query.q.toLowerCase()}`,
      async () => {
        const { hits, total } = await this.repository.search(query.q, query.limit);
        return { query: query.q, total, results: hits };
      },
      { ttlMs: SBI_SEARCH_ENDPOINT.cacheTtlMs },
    );
    return envelope(cached);
  }
}
