import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { closeDatabase, openDatabase } from './open-database.js';
import { pglitePackage, shippedTemplate } from './pglite-template.js';
import { packDirectory, unpackDirectory } from './template-archive.js';

// The initdb output the repository ships for a fast first start: it must be of the installed
// PGlite, and a database made from it must open and work.
describe('the shipped PGlite template', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'nl-template-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('should pack and unpack a directory: files, modes and empty folders', () => {
    mkdirSync(join(dir, 'in/empty'), { recursive: true });
    mkdirSync(join(dir, 'in/sub'));
    writeFileSync(join(dir, 'in/sub/a.bin'), Buffer.from([0, 1, 2, 255]), { mode: 0o600 });
    writeFileSync(join(dir, 'in/b.txt'), 'bee');
    unpackDirectory(packDirectory(join(dir, 'in')), join(dir, 'out'));
    expect([...readFileSync(join(dir, 'out/sub/a.bin'))]).toEqual([0, 1, 2, 255]);
    expect(statSync(join(dir, 'out/sub/a.bin')).mode & 0o777).toBe(0o600);
    expect(readFileSync(join(dir, 'out/b.txt'), 'utf8')).toBe('bee');
    expect(statSync(join(dir, 'out/empty')).isDirectory()).toBe(true);
  });

  it('should be of the installed PGlite version (else: node tools/scripts/pack-pglite-template.mjs)', () => {
    expect(shippedTemplate(pglitePackage().version)).not.toBeNull();
  });

  it('should give a database that opens and takes writes', async () => {
    const archive = shippedTemplate(pglitePackage().version);
    if (!archive) throw new Error('no shipped template for the installed PGlite');
    const dataDir = join(dir, 'pgdata');
    unpackDirectory(readFileSync(archive), dataDir);
    const counter = { entities: [], migrations: [] };
    const db = await openDatabase({ kind: 'pglite', dataDir }, [counter]);
    try {
      await db.query('CREATE TABLE t (id int PRIMARY KEY)');
      await db.query('INSERT INTO t VALUES (1), (2)');
      expect(await db.query('SELECT count(*)::int AS n FROM t')).toEqual([{ n: 2 }]);
    } finally {
      await closeDatabase(db);
    }
  });
});
