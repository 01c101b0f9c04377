import { isAscii, publicDnsNameProblem } from '@nl/contracts-validation';
import { domainToASCII } from 'node:url';

/** The domain part of anything with an `@`, as a DNS name, or null when it cannot be one. */
export function domainPartOf(raw: string): string | null {
  const at = raw.lastIndexOf('@');
  if (at < 0) return null;
  const part = raw
    .slice(at + 1)
    .trim()
    .toLowerCase();
  if (!part || part.endsWith('.')) return null;
  const ascii = isAscii(part) ? part : domainToASCII(part);
  return ascii && publicDnsNameProblem(ascii) === null ? ascii : null;
}
