import type { DnsRecord } from '@nl/contracts-validation';
import type { RawDnsAnswer } from './dns.types.js';

/**
 * One record type's raw answer as the spec's records: MX by preference then name, SRV by
 * priority then weight (heaviest first), TXT chunks joined into one string.
 */
export function toDnsRecords(domain: string, answer: RawDnsAnswer): DnsRecord[] {
  const { type } = answer;
  switch (answer.type) {
    case 'A':
    case 'AAAA':
      return answer.records.map((a) => ({ type, domain, ttl: a.ttl, target: a.address }));
    case 'CNAME':
    case 'NS':
    case 'PTR':
      return answer.records.map((target) => ({ type, domain, target }));
    case 'MX':
      return [...answer.records]
        .sort((a, b) => a.priority - b.priority || a.exchange.localeCompare(b.exchange))
        .map((mx) => ({ type, domain, pri: mx.priority, target: mx.exchange }));
    case 'TXT':
      return answer.records.map((chunks) => ({ type, domain, target: chunks.join('') }));
    case 'SRV':
      return [...answer.records]
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
      const soa = answer.record;
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
