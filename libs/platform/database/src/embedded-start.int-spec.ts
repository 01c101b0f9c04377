import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { DatabaseLockedError, lockDataDir } from './data-dir-lock.js';
import { openEmbedded, openEmbeddedEarly, type EmbeddedDatabase } from './embedded-start.js';

// Issue 17's start time: the standalone main opens the database before the app loads, and the
// app's own opening takes that one over instead of failing on its own lock.

describe(openEmbeddedEarly.name, () => {
  let root: string;
  const opened: EmbeddedDatabase[] = [];
  beforeEach(() => (root = mkdtempSync(join(tmpdir(), 'nl-early-'))));
  afterEach(async () => {
    for (const db of opened.splice(0)) {
      await db.thread.close();
      db.dir.release();
    }
    rmSync(root, { recursive: true, force: true });
  });
  const keep = (db: EmbeddedDatabase) => (opened.push(db), db);

  it('should hand the early opening to the first opening of the same directory, however written', async () => {
    const dataDir = join(root, 'data');
    openEmbeddedEarly(dataDir);
    const taken = keep(await openEmbedded(relative(process.cwd(), dataDir)));
    expect(taken.dir.path).toBe(dataDir);
    // Taken once: a second opening is a second process's, refused by the lock.
    await expect(openEmbedded(dataDir)).rejects.toBeInstanceOf(DatabaseLockedError);
    const other = keep(await openEmbedded(join(root, 'other')));
    expect(other.thread).not.toBe(taken.thread);
  });

  it('should surface an early failure where the app opens the database, not before', async () => {
    const dataDir = join(root, 'data');
    const release = lockDataDir(dataDir);
    try {
      openEmbeddedEarly(dataDir);
      await new Promise((resolve) => setTimeout(resolve, 20)); // no unhandled rejection meanwhile
      await expect(openEmbedded(dataDir)).rejects.toBeInstanceOf(DatabaseLockedError);
    } finally {
      release();
    }
  });
});
