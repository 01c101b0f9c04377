import { Injectable } from '@nestjs/common';
import type { ReplyEnvelope } from '@nl/contracts-core';
import {
  DNS_RECORD_TYPES,
  VALIDATION_ENDPOINTS,
  type DnsRecord,
  type DnsRecordsQuery,
  type DnsRecordsResponse,
} from '@nl/contracts-validation';
import { DomainCache } from '@nl/platform-cache';
import { DomainError } from '@nl/platform-errors';
import { DnsResolver, DnsUnavailable, NXDOMAIN } from './dns-resolver.js';

const TTL_MS =
  VALIDATION_ENDPOINTS.find((e) => e.id === 'validation.dns.records')?.cacheTtlMs ?? 300_000;

/** A DNS failure as the caller sees it: 503 with Retry-After, never a made-up "not found". */
export function dnsUnavailableError(error: DnsUnavailable): DomainError {
  return new DomainError(
    'upstream_unavailable',
    `The DNS resolvers gave no answer for ${error.type} ${error.host} (${error.code}); try again shortly.`,
    { retryAfterSeconds: 30, details: { upstream: 'dns', reason: error.code } },
  );
}

/**
 * `GET /v1/lookup/dns/records`. ALL asks for every type separately (resolvers refuse or
 * minimise ANY, RFC 8482) and merges; an answer is complete or not given: if any type fails,
 * the caller gets 503 rather than a list that silently lacks, say, the MX records. Cached 5
 * minutes, a stale copy served when the resolvers fail.
 */
@Injectable()
export class DnsLookupService {
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
        { ttlMs: TTL_MS, serveStaleOn: (e) => e instanceof DnsUnavailable },
      );
      return {
        data: cached.value,
        meta: { cache: cached.state, fetchedAt: cached.fetchedAt, source: 'dns' },
      };
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
