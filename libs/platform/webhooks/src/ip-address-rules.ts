import { isIPv4, isIPv6 } from 'node:net';

/** Why an address may not receive a webhook: each names the range it falls in. */
export type AddressRefusal =
  | 'loopback_address'
  | 'private_address'
  | 'link_local_address'
  | 'cgnat_address'
  | 'multicast_address'
  | 'unspecified_address'
  | 'reserved_address';

type Rule = readonly [prefix: string, bits: number, reason: AddressRefusal];

/**
 * IPv4 ranges no customer endpoint lives in. Beyond the private and loopback ranges this holds
 * link-local (with the cloud metadata address 169.254.169.254), the carrier-grade NAT range, the
 * documentation and benchmarking ranges, multicast and everything from 240/4 up.
 */
const V4_RULES: readonly Rule[] = [
  ['0.0.0.0', 8, 'unspecified_address'],
  ['10.0.0.0', 8, 'private_address'],
  ['100.64.0.0', 10, 'cgnat_address'],
  ['127.0.0.0', 8, 'loopback_address'],
  ['169.254.0.0', 16, 'link_local_address'],
  ['172.16.0.0', 12, 'private_address'],
  ['192.0.0.0', 24, 'reserved_address'],
  ['192.0.2.0', 24, 'reserved_address'],
  ['192.88.99.0', 24, 'reserved_address'],
  ['192.168.0.0', 16, 'private_address'],
  ['198.18.0.0', 15, 'reserved_address'],
  ['198.51.100.0', 24, 'reserved_address'],
  ['203.0.113.0', 24, 'reserved_address'],
  ['224.0.0.0', 4, 'multicast_address'],
  ['240.0.0.0', 4, 'reserved_address'],
];

/**
 * IPv6 ranges checked before the embedded-IPv4 forms. Only 2000::/3 is global unicast, so any
 * address outside it that no rule names is refused as reserved.
 */
const V6_RULES: readonly Rule[] = [
  ['::', 128, 'unspecified_address'],
  ['::1', 128, 'loopback_address'],
  ['64:ff9b:1::', 48, 'reserved_address'],
  ['100::', 64, 'reserved_address'],
  ['2001::', 32, 'reserved_address'],
  ['2001:db8::', 32, 'reserved_address'],
  ['fc00::', 7, 'private_address'],
  ['fe80::', 10, 'link_local_address'],
  ['fec0::', 10, 'private_address'],
  ['ff00::', 8, 'multicast_address'],
];

function v4Bytes(text: string): number[] {
  return text.split('.').map(Number);
}

/** The 16 bytes of an IPv6 address, with a trailing dotted quad (`::ffff:1.2.3.4`) folded in. */
function v6Bytes(text: string): number[] {
  let tail: number[] = [];
  let rest = text;
  const quad = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (quad) {
    tail = v4Bytes(quad[1]);
    rest = text.slice(0, -quad[1].length);
    rest = rest.endsWith('::') ? rest : rest.replace(/:$/, '');
  }
  const [head, after] = rest.split('::');
  const words = (part: string | undefined) =>
    part ? part.split(':').map((w) => parseInt(w, 16)) : [];
  const left = words(head);
  const right = words(after);
  const missing = 8 - tail.length / 2 - left.length - right.length;
  const all = [...left, ...Array<number>(after === undefined ? 0 : missing).fill(0), ...right];
  return [...all.flatMap((w) => [w >> 8, w & 0xff]), ...tail];
}

function inPrefix(bytes: number[], prefix: number[], bits: number): boolean {
  for (let i = 0; i < bits; i++) {
    const mask = 0x80 >> (i % 8);
    if ((bytes[i >> 3] & mask) !== (prefix[i >> 3] & mask)) return false;
  }
  return true;
}

function match(bytes: number[], rules: readonly Rule[], parse: (t: string) => number[]) {
  return rules.find(([prefix, bits]) => inPrefix(bytes, parse(prefix), bits))?.[2];
}

const zero = (bytes: number[], from: number, to: number) =>
  bytes.slice(from, to).every((b) => b === 0);

/** The IPv4 address an IPv6 form that is routed to it carries (mapped, NAT64, 6to4), if any. */
function embeddedV4(b: number[]): number[] | undefined {
  if (zero(b, 0, 10) && b[10] === 0xff && b[11] === 0xff) return b.slice(12); // ::ffff:a.b.c.d
  if (inPrefix(b, v6Bytes('64:ff9b::'), 96)) return b.slice(12); // NAT64
  if (b[0] === 0x20 && b[1] === 0x02) return b.slice(2, 6); // 6to4
  return undefined;
}

/**
 * Why `address` (a literal IPv4 or IPv6 address, an IPv6 zone allowed) may not be called, or
 * `undefined` when it is a public unicast address. Text that is not an address is refused too.
 */
export function refusedAddress(address: string): AddressRefusal | undefined {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (isIPv4(bare)) return match(v4Bytes(bare), V4_RULES, v4Bytes);
  if (!isIPv6(bare)) return 'reserved_address';
  const bytes = v6Bytes(bare.toLowerCase());
  const named = match(bytes, V6_RULES, v6Bytes);
  if (named) return named;
  const v4 = embeddedV4(bytes);
  if (v4) return match(v4, V4_RULES, v4Bytes);
  // ::a.b.c.d, the deprecated IPv4-compatible form: never a real endpoint.
  if (zero(bytes, 0, 12)) return match(bytes.slice(12), V4_RULES, v4Bytes) ?? 'reserved_address';
  return (bytes[0] & 0xe0) === 0x20 ? undefined : 'reserved_address';
}

/** Loopback in any form (127/8, ::1, IPv4-mapped 127/8): the only addresses tests may open up. */
export function isLoopbackAddress(address: string): boolean {
  return refusedAddress(address) === 'loopback_address';
}
