import { isIP } from 'node:net';

/**
 * The peers whose `X-Forwarded-For`, `-Proto` and `-Host` an app believes, as IP addresses, CIDR
 * ranges and proxy-addr's range names (Fastify's `trustProxy`); empty: nobody's, the peer is the
 * client. No hop count: a count trusts whatever peer connects, a client that reaches the app
 * directly included (Fastify refuses it for that reason and trusts no one).
 */
export type TrustedProxies = readonly string[];

/** proxy-addr's names: 127.0.0.0/8 and ::1; 169.254.0.0/16 and fe80::/10; the private ranges. */
const NAMED_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

function isAddressOrRange(entry: string): boolean {
  if (NAMED_RANGES.includes(entry)) return true;
  const [address, bits, ...rest] = entry.split('/');
  const version = isIP(address);
  if (!version || rest.length) return false;
  return (
    bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128))
  );
}

/**
 * TRUSTED_PROXIES as set: a comma-separated list of IP addresses, CIDR ranges and range names;
 * unset, nobody. A bad entry is a problem for the start-up's list, never a proxy trusted by
 * accident.
 */
export function parseTrustedProxies(value: string | null, problems: string[]): TrustedProxies {
  const entries = (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const bad = entries.filter((entry) => !isAddressOrRange(entry));
  if (bad.length)
    problems.push(
      `TRUSTED_PROXIES must be IP addresses or CIDR ranges (or ${NAMED_RANGES.join(', ')}), comma-separated; not ${bad.join(', ')}`,
    );
  return entries;
}
