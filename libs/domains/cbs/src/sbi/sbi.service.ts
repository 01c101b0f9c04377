import { Injectable } from '@nestjs/common';
import {
  CBS_ENDPOINTS,
  type SbiIndexQuery,
  type SbiIndexResponse,
  type SbiLookupResponse,
  type SbiSearchQuery,
  type SbiSearchResponse,
} from '@nl/contracts-cbs';
import { type ReplyEnvelope } from '@nl/contracts-core';
import { DomainCache, type Cached } from '@nl/platform-cache';
import { DomainError } from '@nl/platform-errors';
import { pageMeta } from '@nl/contracts-core';
import { SbiRepository } from './sbi.repository.js';

const SOURCE = 'cbs-sbi-2025';

function ttl(id: string): number {
  return CBS_ENDPOINTS.find((e) => e.id === id)?.cacheTtlMs ?? 0;
}

function envelope<T>(cached: Cached<T>): ReplyEnvelope<T> {
  return {
    data: cached.value,
    meta: { cache: cached.state, fetchedAt: cached.fetchedAt, source: SOURCE },
  };
}

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
      { ttlMs: ttl('cbs.sbi.index') },
    );
    return envelope(cached);
  }

  async lookup(code: string): Promise<ReplyEnvelope<SbiLookupResponse>> {
    const cached = await this.cache.getOrLoad(
      `lookup:${code}`,
      () => this.repository.lookup(code),
      {
        ttlMs: ttl('cbs.sbi.lookup'),
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
      { ttlMs: ttl('cbs.sbi.search') },
    );
    return envelope(cached);
  }
}
