import { resolve } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { DataDirError } from './data-dir-check.js';
import { openDataDir, scratchDataDir, type PgliteDir } from './pglite-data-dir.js';
import { PGliteThread } from './pglite-thread.js';

// Kept free of Nest and TypeORM imports, like pglite-template: the standalone main opens the
// database here before it loads the rest of the app (see openEmbeddedEarly).

/**
 * Postgres's default of 128 MB of shared buffers is zeroed at start, so it is all resident (~130 MB
 * of RSS), for databases of some tens of MB that the OS caches anyway. 8 MB (1,024 pages) holds the
 * hot rows (keys, accounts, today's ledger) and is ~12 MB below 16 MB.
 */
const SETTINGS = ['-c', 'shared_buffers=8MB'];

/** An embedded database open in its thread, and the directory it holds under lock. */
export interface EmbeddedDatabase {
  readonly dir: PgliteDir;
  readonly thread: PGliteThread;
}

/** The databases this module opened that may still be open (see {@link closeEmbeddedOpenings}). */
const opened = new Set<EmbeddedDatabase>();
/** The openings under way. */
const underWay = new Set<Promise<unknown>>();
/** Set by {@link closeEmbeddedOpenings}: this copy of the module opens nothing any more. */
let closedForGood: Error | undefined;

/** Opens PGlite on `dataDir` in a thread of its own; null: a scratch copy, gone at exit. */
function open(dataDir: string | null): Promise<EmbeddedDatabase> {
  const opening = openNow(dataDir);
  const settled = opening.catch(() => undefined);
  underWay.add(settled);
  void settled.then(() => underWay.delete(settled));
  return opening;
}

async function openNow(dataDir: string | null): Promise<EmbeddedDatabase> {
  // V8 would recompile PGlite's hot functions with TurboFan, which keeps some 50 MB of code and
  // compiler memory resident. Process-wide (the database's thread too), so set only where PGlite
  // runs.
  setFlagsFromString('--liftoff-only');
  // A paid call's objects live until its group commit lands: long enough for V8 to allocate them in
  // the old generation outright (allocation-site pretenuring), which then filled with ~35 MB/s of
  // garbage and took the process to ~440 MB under the bench's load in some runs (two of three in
  // one series), against 300–340 MB in every run without (the target under load is 400 MB). They
  // die young, so they are collected young.
  setFlagsFromString('--no-allocation-site-pretenuring');
  if (closedForGood) throw closedForGood;
  // One process per directory: a second PGlite on the same files silently loses writes.
  const dir = dataDir ? await openDataDir(dataDir) : await scratchDataDir();
  let thread: PGliteThread | undefined;
  try {
    thread = await PGliteThread.start(dir.path, SETTINGS);
    if (closedForGood) throw closedForGood;
    const database = { dir, thread };
    for (const done of opened) if (done.thread.closed) opened.delete(done);
    opened.add(database);
    return database;
  } catch (error) {
    await thread?.close();
    dir.release();
    // PGlite's own message may name nothing ("<generic error, no stack>"): the path it had does.
    const real = dataDir === null || resolve(dataDir) === dir.path ? '' : `(${dir.path}) `;
    const why = (error as Error).message.split('\n')[0];
    throw new DataDirError(
      dataDir ?? dir.path,
      `${real}holds no database PGlite could open: ${why}`,
    );
  }
}

const keyOf = (dataDir: string | null) => (dataDir === null ? null : resolve(dataDir));
let early: { readonly key: string | null; readonly opening: Promise<EmbeddedDatabase> } | undefined;

/**
 * Begins opening the embedded database on `dataDir` without waiting, to shorten the start: called
 * before the app's ~2,800 modules load, PGlite starts on another core meanwhile instead of after
 * them, with the main thread idle. The app's first {@link openEmbedded} of the same directory takes
 * it over; a failure (the directory locked by another process, say) surfaces there, as if the
 * database had been opened then.
 */
export function openEmbeddedEarly(dataDir: string | null): void {
  const opening = open(dataDir);
  opening.catch(() => undefined);
  early = { key: keyOf(dataDir), opening };
}

/** Opens the embedded database on `dataDir` (null: a scratch copy), or takes the early opening. */
export function openEmbedded(dataDir: string | null): Promise<EmbeddedDatabase> {
  const taken = early;
  if (taken && taken.key === keyOf(dataDir)) {
    early = undefined;
    return taken.opening;
  }
  return open(dataDir);
}

/**
 * Closes every embedded database this copy of the module opened and frees its directory: for a
 * start that failed half-way and is followed by another start in the same process (npm start's
 * launcher falling back from the bundle, whose modules are a copy of their own), which would
 * otherwise find the directory locked, or open it a second time. Those already closed (the app's
 * DataSource closes its own) are only freed; an opening still under way (the early one, say) is
 * awaited, and it, like any asked for later, fails and leaves the directory free.
 */
export async function closeEmbeddedOpenings(): Promise<void> {
  // A failed start can leave a provider still on its way to opening the database; it must not.
  closedForGood = new Error('the embedded database was closed after a failed start');
  early = undefined;
  // Those under way fail at their end (closedForGood) and free what they took.
  await Promise.all(underWay);
  for (const { dir, thread } of opened) {
    await thread.close();
    dir.release();
  }
  opened.clear();
}
