import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DataSource } from 'typeorm';
import { DataDirError } from './data-dir-check.js';
import { DatabaseLockedError } from './data-dir-lock.js';
import { closeDatabase, openDatabase } from './open-database.js';
import { pgliteTemplate } from './pglite-template.js';

// Issue 17: initdb in the serving process cost ~2 s and ~500 MB that stayed resident. New data
// directories are copies of a template made once in a child process; `memory` is a scratch copy.

const dataDirOf = (db: DataSource) => (db.options.extra as { dataDir: string }).dataDir;
const count = async (db: DataSource) =>
  ((await db.query('SELECT count(*)::int AS n FROM pg_database')) as { n: number }[])[0].n;

describe('PGlite data directories', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'nl-pglite-dir-'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('should create a new data directory from the template, which stays untouched', async () => {
    const template = await pgliteTemplate();
    const dataDir = join(root, 'data');
    const db = await openDatabase({ kind: 'pglite', dataDir }, []);
    await db.query('CREATE TABLE only_here (id int)');
    await closeDatabase(db);

    const reopened = await openDatabase({ kind: 'pglite', dataDir }, []);
    expect(await reopened.query('SELECT count(*)::int AS n FROM only_here')).toEqual([{ n: 0 }]);
    await closeDatabase(reopened);
    expect(existsSync(join(template, 'PG_VERSION'))).toBe(true);
    expect(existsSync(join(template, 'postmaster.pid'))).toBe(false);
  });

  it('should copy the template again over a copy that was cut short (no PG_VERSION)', async () => {
    const dataDir = join(root, 'data');
    mkdirSync(join(dataDir, 'base'), { recursive: true });
    writeFileSync(join(dataDir, 'postgresql.conf'), 'half a copy');
    const db = await openDatabase({ kind: 'pglite', dataDir }, []);
    expect(await count(db)).toBeGreaterThan(0);
    await closeDatabase(db);
  });

  it('should open a directory through a symbolic link, locked as the directory itself', async () => {
    const real = join(root, 'volume');
    mkdirSync(real);
    const link = join(root, 'data');
    symlinkSync(real, link);
    const db = await openDatabase({ kind: 'pglite', dataDir: link }, []);
    try {
      expect(dataDirOf(db)).toBe(real);
      expect(await count(db)).toBeGreaterThan(0);
      expect(existsSync(join(real, 'PG_VERSION'))).toBe(true);
      // One lock, whichever path a second process takes.
      await expect(openDatabase({ kind: 'pglite', dataDir: real }, [])).rejects.toBeInstanceOf(
        DatabaseLockedError,
      );
    } finally {
      await closeDatabase(db);
    }
  });

  it.each([
    [
      'a file',
      (path: string) => writeFileSync(path, 'x'),
      /data \(PGLITE_DATA_DIR\) is not a directory\.$/,
    ],
    [
      'a link to nothing',
      (path: string) => symlinkSync(join(root, 'gone'), path),
      /data \(PGLITE_DATA_DIR\) is a symbolic link to .*gone, which does not exist\.$/,
    ],
    [
      'a link to a file',
      (path: string) => {
        writeFileSync(join(root, 'file'), 'x');
        symlinkSync(join(root, 'file'), path);
      },
      /data \(PGLITE_DATA_DIR\) is a link to .*file, which is not a directory\.$/,
    ],
    [
      'a directory PGlite cannot open',
      (path: string) => {
        mkdirSync(path);
        writeFileSync(join(path, 'PG_VERSION'), '9\n');
      },
      /data \(PGLITE_DATA_DIR\) holds no database PGlite could open: /,
    ],
  ])(
    'should say what is wrong with a data directory that is %s, and where',
    async (_what, make, message) => {
      const dataDir = join(root, 'data');
      make(dataDir);
      const opening = openDatabase({ kind: 'pglite', dataDir }, []);
      await expect(opening).rejects.toBeInstanceOf(DataDirError);
      await expect(opening).rejects.toThrow(message);
      await expect(opening).rejects.toThrow(dataDir);
      expect(existsSync(`${dataDir}.lock`)).toBe(false);
    },
  );

  it('should keep `memory` in a private scratch copy that closing removes', async () => {
    const [a, b] = [
      await openDatabase({ kind: 'pglite', dataDir: null }, []),
      await openDatabase({ kind: 'pglite', dataDir: null }, []),
    ];
    expect(dataDirOf(a)).not.toEqual(dataDirOf(b));
    await a.query('CREATE TABLE mine (id int)');
    await expect(b.query('SELECT * FROM mine')).rejects.toThrow(/does not exist/);
    await closeDatabase(a);
    await b.destroy(); // what Nest does at shutdown
    expect(existsSync(dataDirOf(a))).toBe(false);
    expect(existsSync(dataDirOf(b))).toBe(false);
  });

  it('should remove the scratch copy a killed process left behind', async () => {
    const db = await openDatabase({ kind: 'pglite', dataDir: null }, []);
    const leftover = join(dataDirOf(db), '..', 'left-by-a-dead-process');
    await closeDatabase(db);
    mkdirSync(leftover, { recursive: true });
    // A pid no live process has (above the kernel's pid_max), and older than a minute.
    writeFileSync(`${leftover}.lock`, JSON.stringify({ pid: 2 ** 22 + 1, token: 'gone' }));
    const old = new Date(Date.now() - 120_000);
    utimesSync(leftover, old, old);
    utimesSync(`${leftover}.lock`, old, old);

    const next = await openDatabase({ kind: 'pglite', dataDir: null }, []);
    await closeDatabase(next);
    expect(existsSync(leftover)).toBe(false);
    expect(existsSync(`${leftover}.lock`)).toBe(false);
  });
});
