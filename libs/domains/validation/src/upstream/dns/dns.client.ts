import { Injectable } from '@nestjs/common';
import type { DnsRecord, DnsRecordType } from '@nl/contracts-validation';
import { InjectConfig } from '@nl/platform-config';
import type { RequestScope } from '@nl/platform-context';
import { counter } from '@nl/platform-health';
import { Resolver } from 'node:dns/promises';
import { VALIDATION_CONFIG, type ValidationSettings } from '../../validation.config.js';
import { toDnsRecords } from './dns.mapper.js';
import { RECORDED_DNS_ZONE, recordedDnsAnswer } from './dns.recording.js';
import { DnsUnavailable, NXDOMAIN, type RawDnsAnswer } from './dns.types.js';

const queries = counter({
  name: 'dns_queries_total',
  help: 'DNS queries by record type and outcome.',
  labelNames: ['type', 'outcome'] as const,
});

/**
 * DNS queries through node's `dns.Resolver` (c-ares) against the configured servers, or the
 * system's; sandbox (test-key) calls get the recorded answers of `dns.recording.ts` instead. Each query has the configured timeout and two tries. "No such type" (NODATA) is
 * an empty list, NXDOMAIN a marker, anything else {@link DnsUnavailable}.
 */
@Injectable()
export class DnsResolver {
  private readonly resolver: Resolver;

  constructor(@InjectConfig(VALIDATION_CONFIG) settings: ValidationSettings) {
    const { servers, timeoutMs } = settings.dns;
    this.resolver = new Resolver({ timeout: timeoutMs, tries: 2 });
    if (servers) this.resolver.setServers([...servers]);
  }

  async query(
    name: string,
    type: DnsRecordType,
    scope: RequestScope,
  ): Promise<DnsRecord[] | typeof NXDOMAIN> {
    try {
      const answer = scope.sandbox
        ? recordedDnsAnswer(RECORDED_DNS_ZONE, name, type)
        : await this.resolve(name, type);
      const records = toDnsRecords(name, answer);
      queries.inc({ type, outcome: records.length ? 'records' : 'nodata' });
      return records;
    } catch (error) {
      const code = (error as { code?: string }).code ?? 'EUNKNOWN';
      if (code === 'ENODATA') {
        queries.inc({ type, outcome: 'nodata' });
        return [];
      }
      if (code === 'ENOTFOUND') {
        queries.inc({ type, outcome: 'nxdomain' });
        return NXDOMAIN;
      }
      queries.inc({ type, outcome: 'failed' });
      throw new DnsUnavailable(code, name, type);
    }
  }

  private async resolve(domain: string, type: DnsRecordType): Promise<RawDnsAnswer> {
    const r = this.resolver;
    switch (type) {
      case 'A':
        return { type, records: await r.resolve4(domain, { ttl: true }) };
      case 'AAAA':
        return { type, records: await r.resolve6(domain, { ttl: true }) };
      case 'CNAME':
        return { type, records: await r.resolveCname(domain) };
      case 'NS':
        return { type, records: await r.resolveNs(domain) };
      case 'PTR':
        return { type, records: await r.resolvePtr(domain) };
      case 'MX':
        return { type, records: await r.resolveMx(domain) };
      case 'TXT':
        return { type, records: await r.resolveTxt(domain) };
      case 'SRV':
        return { type, records: await r.resolveSrv(domain) };
      case 'SOA':
        return { type, record: await r.resolveSoa(domain) };
    }
  }
}
