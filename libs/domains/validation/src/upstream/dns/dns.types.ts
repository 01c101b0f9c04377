import type { DnsRecordType } from '@nl/contracts-validation';
import { DomainError } from '@nl/platform-errors';
import { UpstreamError } from '@nl/platform-upstream';
import type { MxRecord, RecordWithTtl, SoaRecord, SrvRecord } from 'node:dns';

/** The name does not exist (NXDOMAIN): a definitive answer, unlike {@link DnsUnavailable}. */
export const NXDOMAIN = Symbol('nxdomain');

/**
 * The resolvers gave no definitive answer (timeout, SERVFAIL, refused, unreachable): the DNS
 * servers are this domain's upstream, so a cached answer may stand in.
 */
export class DnsUnavailable extends UpstreamError {
  constructor(
    readonly code: string,
    readonly host: string,
    readonly type: DnsRecordType,
  ) {
    super('dns', 'unavailable', `DNS gave no answer for ${type} ${host} (${code})`);
    this.name = 'DnsUnavailable';
  }

  /** As the caller sees it: 503 with Retry-After, never a made-up "not found". */
  override toDomainError(): DomainError {
    return new DomainError(
      'upstream_unavailable',
      `The DNS resolvers gave no answer for ${this.type} ${this.host} (${this.code}); try again shortly.`,
      { retryAfterSeconds: 30, details: { upstream: 'dns', reason: this.code } },
    );
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
