import { rmSync } from 'node:fs';
import { setStartFallback, takeStartFallback } from '@nl/platform-runtime/start-fallback';
import { bundleIsCurrent } from './bundle-identity.js';

// `npm start`'s entry: the standalone app from its bundle (dist/bundle/standalone, made by
// tools/scripts/bundle.mjs) when the bundle was made from this very build of dist/ and these
// installed packages, else as built (main.ts). Nothing else is imported here, so the app's
// modules load from one place only.
//
// The bundle is a cache of the build and must never keep the server from starting: when a start
// from it fails for a reason the app as built would not have (a module it cannot load, a class
// it holds twice), it is removed and the app starts as built, in this process, with one line on
// stderr saying why. A failure of the user's to fix (a bad variable, a port in use, a database
// another process holds) ends the start as it would unbundled: runMain tells those apart.

/** dist/, as this file (dist/apps/standalone/src/start.js) sees it. */
const dist = new URL('../../../', import.meta.url);
const bundleDir = new URL('bundle/standalone/', dist);

const firstLine = (error: unknown) =>
  (error instanceof Error ? `${error.name}: ${error.message}` : String(error))
    .split('\n', 1)[0]
    .slice(0, 300);

async function unbundled(error: unknown): Promise<void> {
  rmSync(bundleDir, { recursive: true, force: true });
  process.stderr.write(
    `The server's bundle (dist/bundle/standalone) failed to start, so it was removed and the ` +
      `server starts as built; npm start bundles it again. The failure: ${firstLine(error)}\n`,
  );
  await import('./main.js');
}

if (bundleIsCurrent(dist, bundleDir)) {
  setStartFallback(unbundled);
  try {
    await import(new URL('main.mjs', bundleDir).href);
  } catch (error) {
    // The bundle did not load at all (a chunk missing or cut short): runMain never ran.
    const fallback = takeStartFallback();
    if (!fallback) throw error;
    await fallback(error);
  }
  // A start from the bundle that succeeded leaves the fallback unused.
  takeStartFallback();
} else await import('./main.js');
