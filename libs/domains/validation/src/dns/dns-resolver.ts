import { Inject, Injectable } from '@nestjs/common';
import type { DnsRecord, DnsRecordType } from '@nl/contracts-validation';
import { PLATFORM_CONFIG, type PlatformConfig } from '@nl/platform-config';
import { counter } from '@nl/platform-health';
import { Resolver } from 'node:dns/promises';

/** The name does not exist (NXDOMAIN): a definitive answer, unlike {@link DnsUnavailable}. */
export const NXDOMAIN = Symbol('nxdomain');

/** The resolvers gave no definitive answer (timeout, SERVFAIL, refused, unreachable). */
export class DnsUnavailable extends Error {
  constructor(
    readonly code: string,
    readonly host: string,
    readonly type: DnsRecordType,
  ) {
    super(`DNS gave no answer for ${type} ${host} (${code})`);
    this.name = 'DnsUnavailable';
  }
}

const queries = counter({
  name: 'dns_queries_total',
  help: 'DNS queries by record type and outcome.',
  labelNames: ['type', 'outcome'] as const,
});

/**
 * DNS queries through node's `dns.Resolver` (c-ares) against the configured servers, or the
 * system's. Each query has the configured timeout and two tries. Records come back in the
 * shape of the DNS response; "no such type" (NODATA) is an empty list, NXDOMAIN a marker.
 */
@Injectable()
export class DnsResolver {
  private readonly resolver: Resolver;

  constructor(@Inject(PLATFORM_CONFIG) config: PlatformConfig) {
    const { servers, timeoutMs } = config.upstreams.dns;
    this.resolver = new Resolver({ timeout: timeoutMs, tries: 2 });
    if (servers) this.resolver.setServers([...servers]);
  }

  async query(name: string, type: DnsRecordType): Promise<DnsRecord[] | typeof NXDOMAIN> {
    try {
      const records = await this.resolve(name, type);
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

  private async resolve(domain: string, type: DnsRecordType): Promise<DnsRecord[]> {
    const r = this.resolver;
    switch (type) {
      case 'A':
        return (await r.resolve4(domain, { ttl: true })).map((a) => ({
          type,
          domain,
          ttl: a.ttl,
          target: a.address,
        }));
      case 'AAAA':
        return (await r.resolve6(domain, { ttl: true })).map((a) => ({
          type,
          domain,
          ttl: a.ttl,
          target: a.address,
        }));
      case 'CNAME':
        return (await r.resolveCname(domain)).map((target) => ({ type, domain, target }));
      case 'NS':
        return (await r.resolveNs(domain)).map((target) => ({ type, domain, target }));
      case 'PTR':
        return (await r.resolvePtr(domain)).map((target) => ({ type, domain, target }));
      case 'MX':
        return (await r.resolveMx(domain))
          .sort((a, b) => a.priority - b.priority || a.exchange.localeCompare(b.exchange))
          .map((mx) => ({ type, domain, pri: mx.priority, target: mx.exchange }));
      case 'TXT':
        return (await r.resolveTxt(domain)).map((chunks) => ({
          type,
          domain,
          target: chunks.join(''),
        }));
      case 'SRV':
        return (await r.resolveSrv(domain))
          .sort((a, b) => a.priority - b.priority || b.weight - a.weight)
          .map((srv) => ({
            type,
            domain,
            pri: srv.priority,
            weight: srv.weight,
            port: srv.port,
            target: srv.name,
          }));
      case 'SOA': {
        const soa = await r.resolveSoa(domain);
        return [
          {
            type,
            domain,
            target: soa.nsname,
            hostmaster: soa.hostmaster,
            serial: soa.serial,
            refresh: soa.refresh,
            retry: soa.retry,
            expire: soa.expire,
            minimum_ttl: soa.minttl,
          },
        ];
      }
    }
  }
}
