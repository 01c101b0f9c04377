import { appCacheDir } from '@nl/platform-config/cache-dir';
import { randomUUID } from 'node:crypto';
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseDomainList } from './disposable.mapper.js';
import { parsedDomainList } from './parsed-lists.js';

/** A list of `n` domains long enough to be kept, unique to this run, with some debris. */
function list(n: number): string {
  const run = randomUUID().slice(0, 8);
  const lines = Array.from({ length: n }, (_, i) => `d${i}-${run}.example.com`);
  return ['# a comment', 'backToTopButton.style.display', 'co.uk', ...lines].join('\n');
}

const keptFiles = async () =>
  (await readdir(appCacheDir())).filter((n) => n.startsWith('domains-') && n.endsWith('.txt'));

describe('parsedDomainList (parsed lists kept on disk)', () => {
  it('should answer as parseDomainList does, then from the kept copy', async () => {
    const text = list(5_000);
    const before = new Set(await keptFiles());
    const first = await parsedDomainList(text);
    expect(first).toEqual(parseDomainList(text));
    expect(first).toHaveLength(5_000);
    const added = (await keptFiles()).filter((n) => !before.has(n));
    expect(added).toHaveLength(1);
    const file = join(appCacheDir(), added[0]);
    expect((await readFile(file, 'utf8')).split('\n')).toEqual(first);
    // What is kept is what the next start reads: changed here, it shows.
    await writeFile(file, 'kept.example.com');
    expect(await parsedDomainList(text)).toEqual(['kept.example.com']);
    await rm(file);
  });

  it('should parse a short list every time, and keep no more than a few lists', async () => {
    const short = 'a.example.com\nb.example.com';
    expect(await parsedDomainList(short)).toEqual(['a.example.com', 'b.example.com']);
    for (let i = 0; i < 6; i++) await parsedDomainList(list(4_000));
    expect((await keptFiles()).length).toBeLessThanOrEqual(4);
  });
});
