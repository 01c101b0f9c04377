import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseLockedError, holdDataDirsAs, lockDataDir } from './data-dir-lock.js';
import { closeDatabase, openDatabase } from './open-database.js';

// Issue 8, finding 12: `npm run admin` next to a running `npm start` opened the same PGlite
// directory, reported success, and its write was gone after a restart.

describe(lockDataDir.name, () => {
  let root: string;
  let dataDir: string;
  let other: ChildProcess | undefined;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'nl-lock-'));
    dataDir = join(root, 'data');
  });
  afterEach(() => {
    other?.kill('SIGKILL');
    other = undefined;
    rmSync(root, { recursive: true, force: true });
  });

  /**
   * A lock file as another process (a live one: a sleeping child) would have left it; `holder`
   * as it recorded itself (a lock of an older version records nothing).
   */
  function heldByAnotherProcess(holder?: string): number {
    other = spawn('sleep', ['30'], { stdio: 'ignore' });
    const pid = other.pid as number;
    writeFileSync(`${dataDir}.lock`, JSON.stringify({ pid, token: 'theirs', since: '', holder }));
    return pid;
  }

  it('should refuse to open a directory a live process holds, naming it and the way out', async () => {
    const pid = heldByAnotherProcess();
    const opening = openDatabase({ kind: 'pglite', dataDir }, []);
    await expect(opening).rejects.toBeInstanceOf(DatabaseLockedError);
    await expect(opening).rejects.toThrow(new RegExp(`in use by process ${pid}.*/admin HTTP API`));
    expect(existsSync(join(dataDir, 'PG_VERSION'))).toBe(false);
  });

  it('should record in its lock what the process is: a server unless it says otherwise', () => {
    const asServer = lockDataDir(dataDir);
    expect(JSON.parse(readFileSync(`${dataDir}.lock`, 'utf8'))).toMatchObject({
      pid: process.pid,
      holder: 'server',
    });
    asServer();
    holdDataDirsAs('admin CLI');
    try {
      const asAdmin = lockDataDir(dataDir);
      expect(JSON.parse(readFileSync(`${dataDir}.lock`, 'utf8'))).toMatchObject({
        pid: process.pid,
        holder: 'admin CLI',
      });
      asAdmin();
    } finally {
      holdDataDirsAs('server');
    }
  });

  it.each([
    [
      'admin CLI',
      /in use by the admin CLI \(`npm run admin`\), process (\d+)\. .*try again when it has ended/,
    ],
    ['server', /in use by a server \(`npm start`\), process (\d+)\. .*\/admin HTTP API/],
  ])('should name the %s that holds it', async (holder, message) => {
    const pid = heldByAnotherProcess(holder);
    const opening = openDatabase({ kind: 'pglite', dataDir }, []);
    await expect(opening).rejects.toMatchObject({ pid, holder });
    const refused = (await opening.catch((error: Error) => error)) as Error;
    expect(refused.message).toMatch(message);
    expect(message.exec(refused.message)?.[1]).toBe(String(pid));
    if (holder === 'admin CLI') expect(refused.message).not.toMatch(/npm start/);
  });

  it('should take over the lock of a process that died, and free it on close', async () => {
    heldByAnotherProcess();
    other?.kill('SIGKILL');
    await new Promise((resolve) => other?.once('exit', resolve));
    const db = await openDatabase({ kind: 'pglite', dataDir }, []);
    expect(JSON.parse(readFileSync(`${dataDir}.lock`, 'utf8')).pid).toBe(process.pid);
    await closeDatabase(db);
    expect(existsSync(`${dataDir}.lock`)).toBe(false);
  });

  it('should refuse a second open in the same process too', () => {
    const release = lockDataDir(dataDir);
    expect(() => lockDataDir(dataDir)).toThrow(DatabaseLockedError);
    release();
    lockDataDir(dataDir)();
  });

  it('should take over a lock with this pid from an earlier process (a restarted container)', () => {
    writeFileSync(`${dataDir}.lock`, JSON.stringify({ pid: process.pid, token: 'earlier' }));
    const release = lockDataDir(dataDir);
    release();
    expect(existsSync(`${dataDir}.lock`)).toBe(false);
  });
});
