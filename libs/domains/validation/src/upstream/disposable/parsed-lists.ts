import { appCacheDir } from '@nl/platform-config/cache-dir';
import { createHash, randomUUID } from 'node:crypto';
import { readFile, readdir, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { PARSER_FINGERPRINT, parseDomainList } from './disposable.mapper.js';

/** Lists this long or longer are kept parsed; the allowlist (a few hundred lines) is not worth it. */
const KEEP_FROM_CHARS = 64 * 1024;

/** Parsed lists kept, the most recently used first: the shipped one and a few refreshed ones. */
const KEEP_LISTS = 4;
const PREFIX = 'domains-';

const tldtsVersion = (): string =>
  (createRequire(import.meta.url)('tldts/package.json') as { version: string }).version;

let fingerprint: string | undefined;

/**
 * {@link parseDomainList}, kept on disk by the text's hash, to shorten later starts: the shipped
 * list's 108k lines went through two patterns and tldts on every start, ~0.15 s of the main thread;
 * a start that finds the list parsed before reads it back in a few milliseconds. The key covers the
 * text, the parser (PARSER_FINGERPRINT) and tldts's version, so a changed list, rule or suffix list
 * is parsed afresh. The cache is the app's own (node_modules/.cache, else the temp directory);
 * where it cannot be written the list is parsed every time, as before.
 */
export async function parsedDomainList(text: string): Promise<string[]> {
  if (text.length < KEEP_FROM_CHARS) return parseDomainList(text);
  fingerprint ??= createHash('sha256')
    .update(PARSER_FINGERPRINT)
    .update(tldtsVersion())
    .digest('hex');
  const key = createHash('sha256').update(fingerprint).update(text).digest('hex');
  const dir = appCacheDir();
  const file = join(dir, `${PREFIX}${key.slice(0, 40)}.txt`);
  const kept = await readFile(file, 'utf8').catch(() => null);
  if (kept !== null) {
    const now = new Date();
    await utimes(file, now, now).catch(() => undefined);
    return kept ? kept.split('\n') : [];
  }
  const parsed = parseDomainList(text);
  // Written aside and renamed: a reader never sees half a list.
  const scratch = `${file}.${process.pid}-${randomUUID().slice(0, 8)}.tmp`;
  await writeFile(scratch, parsed.join('\n'))
    .then(() => rename(scratch, file))
    .then(() => pruneLists(dir))
    .catch(() => rm(scratch, { force: true }).catch(() => undefined));
  return parsed;
}

/** Drops all but the {@link KEEP_LISTS} most recently used parsed lists (refreshes add more). */
async function pruneLists(dir: string): Promise<void> {
  const names = (await readdir(dir)).filter((n) => n.startsWith(PREFIX) && n.endsWith('.txt'));
  if (names.length <= KEEP_LISTS) return;
  const used = await Promise.all(
    names.map(async (name) => ({ name, at: (await stat(join(dir, name))).mtimeMs })),
  );
  used.sort((a, b) => b.at - a.at);
  await Promise.all(used.slice(KEEP_LISTS).map(({ name }) => rm(join(dir, name), { force: true })));
}
