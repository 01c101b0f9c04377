import { readFileSync, statSync } from 'node:fs';

// What a bundle of the standalone app (tools/scripts/bundle.mjs) was made from, so the launcher
// (start.ts) runs it only while that is still what it would be made from. Read by the bundler
// from dist/, and kept free of imports beyond node:fs: the launcher loads it before anything else.

/** The build of dist/ a bundle is of: `dist/.build-id`, which build.mjs renews on every change. */
export const BUILD_ID_FILE = '.build-id';
/** Where a bundle records the installed packages it inlined (see {@link modulesStamp}). */
export const MODULES_STAMP_FILE = '.modules-stamp';

function read(url: URL): string | null {
  try {
    return readFileSync(url, 'utf8');
  } catch {
    return null;
  }
}

/**
 * The installed packages, as npm last wrote them: the time of its hidden lockfile, which every
 * `npm install` that changes node_modules writes again. A bundle inlines the packages, so one
 * made before such an install holds the old ones and is not used.
 */
export function modulesStamp(dist: URL): string {
  try {
    return String(statSync(new URL('../node_modules/.package-lock.json', dist)).mtimeMs);
  } catch {
    return 'none';
  }
}

/** Whether the bundle in `bundleDir` was made from dist/'s current build and packages. */
export function bundleIsCurrent(dist: URL, bundleDir: URL): boolean {
  const build = read(new URL(BUILD_ID_FILE, dist));
  return (
    build !== null &&
    build === read(new URL(BUILD_ID_FILE, bundleDir)) &&
    modulesStamp(dist) === read(new URL(MODULES_STAMP_FILE, bundleDir))
  );
}
