import { existsSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

// Import-free (Node only), like pglite-dir: the embedded database's early start uses it before
// the app loads.

let found: string | undefined;

/**
 * Where the app keeps what it makes from its own files and can always make again (the PGlite
 * template, shipped lists already parsed): the checkout's node_modules/.cache/nl-data-api (the
 * usual home of build caches, gone with node_modules; found upwards from this file, as from
 * dist/ so from the sources), or the temp directory where there is none or it is read-only (a
 * container image).
 */
export function appCacheDir(): string {
  if (found) return found;
  for (
    let dir = dirname(fileURLToPath(import.meta.url));
    dirname(dir) !== dir;
    dir = dirname(dir)
  ) {
    if (!existsSync(join(dir, 'node_modules'))) continue;
    const preferred = join(dir, 'node_modules', '.cache', 'nl-data-api');
    try {
      mkdirSync(preferred, { recursive: true });
      return (found = preferred);
    } catch {
      break;
    }
  }
  const fallback = join(tmpdir(), 'nl-data-api-cache');
  mkdirSync(fallback, { recursive: true });
  return (found = fallback);
}
