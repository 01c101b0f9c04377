import { Injectable } from '@nestjs/common';
import type { ReplyEnvelope } from '@nl/contracts-core';
import {
  DNS_RECORD_TYPES,
  DNS_RECORDS_ENDPOINT,
  type DnsRecord,
  type DnsRecordsQuery,
  type DnsRecordsResponse,
} from '@nl/contracts-validation';
import { DomainCache, replyEnvelope } from '@nl/platform-cache';
import { DnsResolver, dnsUnavailableError } from '../upstream/dns/dns.client.js';
import { DnsUnavailable, NXDOMAIN } from '../upstream/dns/dns.types.js';

/**
 * `GET /v1/lookup/dns/records`. ALL asks for every type separately (resolvers refuse or
 * minimise ANY, RFC 8482) and merges; an answer is complete or not given: if any type fails,
 * the caller gets 503 rather than a list that silently lacks, say, the MX records. Cached 5
 * minutes, a stale copy served when the resolvers fail.
 */
@Injectable()
export class DnsService {
  constructor(
    private readonly resolver: DnsResolver,
    private readonly cache: DomainCache,
  ) {}

  async records(query: DnsRecordsQuery): Promise<ReplyEnvelope<DnsRecordsResponse>> {
    const type = query.type ?? 'ALL';
    try {
      const cached = await this.cache.getOrLoad(
        `dns:${type}:${query.domain}`,
        () => this.lookup(query.domain, type),
        {
          ttlMs: DNS_RECORDS_ENDPOINT.cacheTtlMs,
          serveStaleOn: (e) => e instanceof DnsUnavailable,
        },
      );
      return replyEnvelope('dns', cached);
    } catch (error) {
      if (error instanceof DnsUnavailable) throw dnsUnavailableError(error);
      throw error;
    }
  }

  private async lookup(domain: string, type: string): Promise<DnsRecordsResponse> {
    const types = type === 'ALL' ? DNS_RECORD_TYPES : DNS_RECORD_TYPES.filter((t) => t === type);
    const answers = await Promise.all(types.map((t) => this.resolver.query(domain, t)));
    const records: DnsRecord[] = answers.flatMap((a) => (a === NXDOMAIN ? [] : a));
    return { domain, type, found: records.length > 0, records };
  }
}
