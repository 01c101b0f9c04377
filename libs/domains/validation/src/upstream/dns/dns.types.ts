import type { DnsRecordType } from '@nl/contracts-validation';
import type { MxRecord, RecordWithTtl, SoaRecord, SrvRecord } from 'node:dns';

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

/** One record type's answer as node's resolver (c-ares) returns it. */
export type RawDnsAnswer =
  | { readonly type: 'A' | 'AAAA'; readonly records: readonly RecordWithTtl[] }
  | { readonly type: 'CNAME' | 'NS' | 'PTR'; readonly records: readonly string[] }
  | { readonly type: 'MX'; readonly records: readonly MxRecord[] }
  | { readonly type: 'TXT'; readonly records: readonly (readonly string[])[] }
  | { readonly type: 'SRV'; readonly records: readonly SrvRecord[] }
  | { readonly type: 'SOA'; readonly record: SoaRecord };
