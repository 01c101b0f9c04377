import type { DnsRecordType } from '@nl/contracts-validation';
import type { RawDnsAnswer } from './dns.types.js';

/** What one name holds; a type left out answers NODATA (the name exists, no such record). */
export interface RecordedDnsName {
  readonly A?: readonly string[];
  readonly AAAA?: readonly string[];
  readonly CNAME?: string;
  /** `exchange: ''` with preference 0 is a null MX (RFC 7505). */
  readonly MX?: readonly { readonly preference: number; readonly exchange: string }[];
  readonly NS?: readonly string[];
  readonly TXT?: readonly (readonly string[])[];
  /** Instead of records: an error answer, or no answer at all. */
  readonly behaviour?: 'servfail' | 'timeout';
  readonly ttl?: number;
}

export type RecordedDnsZone = Readonly<Record<string, RecordedDnsName>>;

/** Names that make DNS misbehave in the sandbox (documentation names, RFC 2606). */
export const DNS_TRIGGER_NAMES = {
  /** The resolvers do not answer: 503 `upstream_unavailable`. */
  timeout: 'timeout.example.net',
  /** The resolvers answer SERVFAIL: 503 `upstream_unavailable`. */
  servfail: 'servfail.example.net',
  /** The name exists (A record) but takes no mail: the e-mail check fails `has_mx_record`. */
  noMx: 'no-mx.example.net',
  /** A null MX (RFC 7505): the domain says it takes no mail. */
  nullMx: 'null-mx.example.net',
} as const;

/** The recorded answers (recorded/PROVENANCE.md) and the triggers; every other name is NXDOMAIN. */
export const RECORDED_DNS_ZONE: RecordedDnsZone = {
  'gmail.com': {
    MX: [
      { preference: 5, exchange: 'gmail-smtp-in.l.google.com' },
      { preference: 10, exchange: 'alt1.gmail-smtp-in.l.google.com' },
      { preference: 20, exchange: 'alt2.gmail-smtp-in.l.google.com' },
      { preference: 30, exchange: 'alt3.gmail-smtp-in.l.google.com' },
      { preference: 40, exchange: 'alt4.gmail-smtp-in.l.google.com' },
    ],
    A: ['142.250.200.101'],
    ttl: 300,
  },
  [DNS_TRIGGER_NAMES.timeout]: { behaviour: 'timeout' },
  [DNS_TRIGGER_NAMES.servfail]: { behaviour: 'servfail' },
  [DNS_TRIGGER_NAMES.noMx]: { A: ['192.0.2.25'], ttl: 300 },
  [DNS_TRIGGER_NAMES.nullMx]: {
    MX: [{ preference: 0, exchange: '' }],
    A: ['192.0.2.26'],
    ttl: 300,
  },
};

/** A failure coded the way node's resolver (c-ares) codes it. */
function dnsError(code: string): Error {
  return Object.assign(new Error(`recorded DNS: ${code}`), { code });
}

/**
 * One type's answer for a name from a recorded zone, exactly as node's resolver would give it:
 * records, or a thrown error with c-ares's code (ENOTFOUND, ENODATA, ETIMEOUT, ESERVFAIL).
 */
export function recordedDnsAnswer(
  zone: RecordedDnsZone,
  name: string,
  type: DnsRecordType,
): RawDnsAnswer {
  const entry = zone[name.toLowerCase()];
  if (!entry) throw dnsError('ENOTFOUND');
  if (entry.behaviour === 'timeout') throw dnsError('ETIMEOUT');
  if (entry.behaviour === 'servfail') throw dnsError('ESERVFAIL');
  const ttl = entry.ttl ?? 300;
  const none = () => dnsError('ENODATA');
  switch (type) {
    case 'A':
    case 'AAAA': {
      const addresses = entry[type];
      if (!addresses?.length) throw none();
      return { type, records: addresses.map((address) => ({ address, ttl })) };
    }
    case 'CNAME':
      if (!entry.CNAME) throw none();
      return { type, records: [entry.CNAME] };
    case 'NS':
      if (!entry.NS?.length) throw none();
      return { type, records: entry.NS };
    case 'MX':
      if (!entry.MX?.length) throw none();
      return {
        type,
        records: entry.MX.map((mx) => ({ priority: mx.preference, exchange: mx.exchange })),
      };
    case 'TXT':
      if (!entry.TXT?.length) throw none();
      return { type, records: entry.TXT };
    case 'SOA':
    case 'PTR':
    case 'SRV':
      throw none();
  }
}
