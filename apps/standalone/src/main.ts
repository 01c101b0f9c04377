// First: in the bundle (tools/scripts/bundle.mjs) the decorated classes of the app's chunks are
// evaluated before standalone.ts's own imports run, and their decorators need Reflect's metadata.
import 'reflect-metadata';
import { pgliteDataDir } from '@nl/platform-config/pglite-dir';
import { closeEmbeddedOpenings, openEmbeddedEarly } from '@nl/platform-database/embedded-start';

// The embedded database starts here, before the app's ~2,800 modules load: PGlite's thread (and, on
// a first start, its template, made in a child process) is under way on another core while they
// load, instead of after them with this thread idle, which shortens the start. Static imports would
// all load before this line. The app takes the opening over when its database module asks for the
// same directory (openEmbedded). Behind DATABASE_URL there is no embedded database to start.
if (!process.env.DATABASE_URL?.trim())
  openEmbeddedEarly(pgliteDataDir(process.env.PGLITE_DATA_DIR));
// A failure to load the app (in a bundle: a chunk missing) leaves the directory free again for
// whatever starts next (npm start's launcher falls back to the app as built).
await import('./standalone.js').catch(async (error: unknown) => {
  await closeEmbeddedOpenings();
  throw error;
});
