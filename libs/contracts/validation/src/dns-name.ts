import { isIP } from 'node:net';

/** Record types the DNS lookup answers; ALL queries each of the others and merges them. */
export const DNS_RECORD_TYPES = [
  'A',
  'AAAA',
  'CNAME',
  'MX',
  'NS',
  'TXT',
  'SOA',
  'PTR',
  'SRV',
] as const;
export type DnsRecordType = (typeof DNS_RECORD_TYPES)[number];
export const DNS_QUERY_TYPES = [...DNS_RECORD_TYPES, 'ALL'] as const;
export type DnsQueryType = (typeof DNS_QUERY_TYPES)[number];

/** Suffixes that only resolve inside private networks (RFC 6762, 6761, 8375 and common use). */
const INTERNAL_SUFFIXES = [
  'local',
  'internal',
  'localhost',
  'localdomain',
  'lan',
  'home',
  'home.arpa',
  'corp',
  'intranet',
  'private',
  'test',
  'invalid',
  'example',
];

/** True when every character is 7-bit ASCII (no IDN conversion needed). */
export function isAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0x7f) return false;
  return true;
}

const LABEL = /^(?!-)[a-z0-9_-]{1,63}(?<!-)$/;

/** `local` → `[Ll][Oo][Cc][Aa][Ll]`, dots escaped: a suffix in either case, as a pattern. */
const caseless = (text: string) =>
  [...text].map((c) => (c === '.' ? '\\.' : `[${c.toUpperCase()}${c}]`)).join('');

const LABEL_INPUT = '[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,61}[A-Za-z0-9_])?';

const NAME_CHARACTER = '[A-Za-z0-9_.-]';
/** The end of the name: no name character follows (the end of the text, a blank, …). */
const END = `(?!${NAME_CHARACTER})`;

/**
 * A public DNS name, unanchored: what {@link publicDnsNameProblem} accepts, in either case,
 * with the root's trailing dot where `rootDot`. ASCII only: an internationalised name is sent
 * in its punycode (`xn--`) form.
 */
export function dnsNamePattern(rootDot: boolean): string {
  const dot = rootDot ? '\\.?' : '';
  const suffixes = INTERNAL_SUFFIXES.map(caseless).join('|');
  return `(?=${NAME_CHARACTER}{1,253}${dot}${END})(?!(?:[^.]+\\.)*(?:${suffixes})${dot}${END})(?:${LABEL_INPUT}\\.)+(?![0-9]+${dot}${END})${LABEL_INPUT}${dot}${END}`;
}

/** A public DNS name as a caller may send it, as one pattern the document can carry. */
export const DNS_NAME_INPUT = new RegExp(`^${dnsNamePattern(true)}$`, 'u');

/** The form a name is looked up in: lower case, without the root's trailing dot. */
export function normaliseDnsName(name: string): string {
  return name.toLowerCase().replace(/\.$/, '');
}

/**
 * Why a name may not be looked up, or null when it is a public DNS name: IP addresses (also
 * in brackets), `localhost`, single labels, internal suffixes, empty labels (`a..b`), labels
 * over 63 or names over 253 characters. Underscores are allowed (SRV and TXT owner names such
 * as `_sip._tcp.example.nl`). Expects a trimmed, lower-case, ASCII (punycode) name without the
 * trailing root dot.
 */
export function publicDnsNameProblem(name: string): string | null {
  if (name.length === 0) return 'is empty';
  if (name.length > 253) return 'is longer than 253 characters';
  if (isIP(name) || isIP(name.replace(/^\[|\]$/g, '')))
    return 'is an IP address, not a domain name';
  const labels = name.split('.');
  if (labels.some((l) => l.length === 0))
    return 'has an empty label (two dots in a row, or a leading dot)';
  if (labels.some((l) => l.length > 63)) return 'has a label longer than 63 characters';
  if (labels.some((l) => !LABEL.test(l)))
    return 'may only contain letters, digits, hyphens and underscores, and no label may start or end with a hyphen';
  if (labels.length < 2)
    return 'must have at least two labels (a single label is not a public name)';
  const suffix = INTERNAL_SUFFIXES.find((s) => name === s || name.endsWith(`.${s}`));
  if (suffix) return `ends in .${suffix}, which is not a public DNS name`;
  if (/^\d+$/.test(labels[labels.length - 1])) return 'has an all-numeric top-level label';
  return null;
}
