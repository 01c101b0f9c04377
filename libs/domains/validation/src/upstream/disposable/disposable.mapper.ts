import { domainToASCII } from 'node:url';
import { parse } from 'tldts';
import type { DomainLists, ListPart } from './disposable.types.js';

const COMMENT = /#.*$/;
// A test per line, not a spread into characters: the shipped list's 108k lines parse at every start.
// eslint-disable-next-line no-control-regex
const NON_ASCII = /[^\x00-\x7f]/;
/** The line is a checked host name already: tldts need not look for a URL in it. */
const HOSTNAME_ONLY = { extractHostname: false, validateHostname: false, mixedInputs: false };
const HOST = /^[a-z0-9_](?:[a-z0-9_-]*[a-z0-9_])?(?:\.[a-z0-9_](?:[a-z0-9_-]*[a-z0-9_])?)+$/;

/**
 * Domains of a list file, lower-case A-labels: plain text (one per line, `#` comments) or a
 * JSON array of strings. Entries that are no registrable domain under a known public suffix
 * are dropped: upstream lists carry scraping debris such as `backToTopButton.style.display`.
 */
export function parseDomainList(text: string): string[] {
  const trimmed = text.trimStart();
  const raw: unknown[] = trimmed.startsWith('[')
    ? (JSON.parse(trimmed) as unknown[])
    : text.split('\n');
  const out: string[] = [];
  for (const item of raw) {
    if (typeof item !== 'string') continue;
    const line = item.replace(COMMENT, '').trim().toLowerCase().replace(/\.$/, '');
    if (!line) continue;
    const ascii = NON_ASCII.test(line) ? domainToASCII(line) : line;
    if (!ascii || ascii.length > 253 || !HOST.test(ascii)) continue;
    const info = parse(ascii, HOSTNAME_ONLY);
    if (!info.domain || (!info.isIcann && !info.isPrivate)) continue;
    out.push(ascii);
  }
  return out;
}

/**
 * What {@link parseDomainList}'s answer depends on besides its input: its code, its patterns and
 * options (tldts's suffix list is added by the cache). A parsed list kept under another
 * fingerprint is never used.
 */
export const PARSER_FINGERPRINT = [parseDomainList, COMMENT, NON_ASCII, HOST]
  .map(String)
  .concat(JSON.stringify(HOSTNAME_ONLY))
  .join('\0');

/**
 * The lists from the domains of every file, by part. A part that had no files in this load
 * keeps the lists in use: the shipped allowlist stays in force unless allowlists are configured.
 */
export function toDomainLists(
  parts: ReadonlyMap<ListPart, readonly string[]>,
  previous: DomainLists | undefined,
): DomainLists {
  const pick = (part: ListPart) => {
    const domains = parts.get(part);
    return domains ? new Set(domains) : (previous?.[part] ?? new Set<string>());
  };
  return { deny: pick('deny'), allow: pick('allow') };
}
