import { Injectable } from '@nestjs/common';
import type { ReplyEnvelope } from '@nl/contracts-core';
import {
  DNS_RECORD_TYPES,
  DNS_RECORDS_ENDPOINT,
  type DnsRecord,
  type DnsRecordsQuery,
  type DnsRecordsResponse,
} from '@nl/contracts-validation';
import { DomainCache, cacheKey, replyEnvelope } from '@nl/platform-cache';
import type { RequestScope } from '@nl/platform-context';
import { DnsResolver } from '../upstream/dns/dns.client.js';
import { NXDOMAIN } from '../upstream/dns/dns.types.js';

/**
 * `GET /v1/lookup/dns/records`. ALL asks for every type separately (resolvers refuse or
 * minimise ANY, RFC 8482) and merges; an answer is complete or not given: if any type fails,
 * the caller gets 503 rather than a list that silently lacks, say, the MX records. Cached by the
 * endpoint's row, a stale copy served when the resolvers fail.
 */
@Injectable()
export class DnsService {
  constructor(
    private readonly resolver: DnsResolver,
    private readonly cache: DomainCache,
  ) {}

  async records(
    query: DnsRecordsQuery,
    scope: RequestScope,
  ): Promise<ReplyEnvelope<DnsRecordsResponse>> {
    const type = query.type ?? 'ALL';
    const cached = await this.cache.through(
      cacheKey(scope, DNS_RECORDS_ENDPOINT, `dns:${type}:${query.domain}`),
      () => this.lookup(query.domain, type, scope),
    );
    return replyEnvelope('dns', cached);
  }

  private async lookup(
    domain: string,
    type: string,
    scope: RequestScope,
  ): Promise<DnsRecordsResponse> {
    const types = type === 'ALL' ? DNS_RECORD_TYPES : DNS_RECORD_TYPES.filter((t) => t === type);
    const answers = await Promise.all(types.map((t) => this.resolver.query(domain, t, scope)));
    const records: DnsRecord[] = answers.flatMap((a) => (a === NXDOMAIN ? [] : a));
    return { domain, type, found: records.length > 0, records };
  }
}
