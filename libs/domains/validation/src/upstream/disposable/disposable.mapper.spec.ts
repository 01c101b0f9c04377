import { readFile } from 'node:fs/promises';
import { parseDomainList, toDomainLists } from './disposable.mapper.js';

// The first lines of the shipped list and allowlist, as their upstreams publish them
// (provenance: src/data/PROVENANCE.md).
const SHIPPED_DENY = new URL('../../data/disposable-domains.txt', import.meta.url);
const SHIPPED_ALLOW = new URL('../../data/disposable-allowlist.conf', import.meta.url);

describe(parseDomainList.name, () => {
  it('should read the real shipped files, every entry a lower-case A-label', async () => {
    const deny = parseDomainList(await readFile(SHIPPED_DENY, 'utf8'));
    const allow = parseDomainList(await readFile(SHIPPED_ALLOW, 'utf8'));
    expect(deny).toEqual(expect.arrayContaining(['mailinator.com', 'yopmail.com']));
    expect(allow).toEqual(expect.arrayContaining(['139.com']));
    expect(deny.every((d) => d === d.toLowerCase() && !d.includes(' '))).toBe(true);
  });

  it('should drop comments, blank lines and debris that is no domain under a known suffix', () => {
    expect(
      parseDomainList(
        '# comment\nMailinator.com\n.tooltip.bottom\nbackToTopButton.style.display\n\nbücher.de\n',
      ),
    ).toEqual(['mailinator.com', 'xn--bcher-kva.de']);
  });

  it('should read a JSON array and skip what is not a string', () => {
    expect(parseDomainList('["a.com", 5, "b.org"]')).toEqual(['a.com', 'b.org']);
  });

  it('should drop a bare public suffix, a trailing dot and over-long names', () => {
    expect(parseDomainList(`com\nco.uk\nexample.com.\n${'a'.repeat(250)}.com\n`)).toEqual([
      'example.com',
    ]);
  });
});

describe(toDomainLists.name, () => {
  it('should build both lists, keeping the allowlist in use when none was downloaded', () => {
    const previous = { deny: new Set(['old.com']), allow: new Set(['139.com']) };
    const lists = toDomainLists(new Map([['deny', ['a.com', 'b.com', 'a.com']]]), previous);
    expect([...lists.deny]).toEqual(['a.com', 'b.com']);
    expect(lists.allow).toBe(previous.allow);
  });
});
