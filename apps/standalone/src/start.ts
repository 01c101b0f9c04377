import { readFileSync } from 'node:fs';

// `npm start`'s entry: the standalone app from its bundle (dist/bundle/standalone, made by
// tools/scripts/bundle.mjs) when the bundle was made from this very build of dist/, else as
// built (main.ts). Nothing else is imported here, so the app's modules load from one place only.

/** dist/, as this file (dist/apps/standalone/src/start.js) sees it. */
const dist = new URL('../../../', import.meta.url);

function read(path: string): string | null {
  try {
    return readFileSync(new URL(path, dist), 'utf8');
  } catch {
    return null;
  }
}

const build = read('.build-id');
if (build !== null && build === read('bundle/standalone/.build-id'))
  await import(new URL('bundle/standalone/main.mjs', dist).href);
else await import('./main.js');
