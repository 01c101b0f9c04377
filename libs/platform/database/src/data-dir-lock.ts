import { randomUUID } from 'node:crypto';
import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { resolve } from 'node:path';

/** What kind of process holds an embedded database: an app, or `npm run admin`. */
export type DataDirHolder = 'server' | 'admin CLI';

/** How a refused process is told about the holder, and what it can do. */
const HOLDERS: Record<DataDirHolder, { name: string; wayOut: string }> = {
  server: {
    name: 'a server (`npm start`)',
    wayOut:
      'Stop it first, or use its /admin HTTP API (start it with ADMIN_TOKEN set, send X-Admin-Token).',
  },
  'admin CLI': {
    name: 'the admin CLI (`npm run admin`)',
    wayOut: 'It holds the database only while a command runs: try again when it has ended.',
  },
};

/** The embedded database is in use by another live process. */
export class DatabaseLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
    /** Who holds it, as its lock says (a lock of an older version does not say). */
    readonly holder?: DataDirHolder,
  ) {
    const known = holder ? HOLDERS[holder] : undefined;
    super(
      `The embedded database ${dataDir} is in use by ${known ? `${known.name}, process ${pid}` : `process ${pid}`}. ` +
        'PGlite allows one process per directory, and a second one would lose its writes. ' +
        (known?.wayOut ??
          'Stop that process first; if it is a server, you can use its /admin HTTP API instead (start it with ADMIN_TOKEN set, send X-Admin-Token).'),
    );
    this.name = 'DatabaseLockedError';
  }
}

/** What this process takes its locks as; see {@link holdDataDirsAs}. */
let role: DataDirHolder = 'server';

/** Takes this process's later locks as `holder` (the admin CLI says so before it opens one). */
export function holdDataDirsAs(holder: DataDirHolder): void {
  role = holder;
}

/**
 * Tells this process's locks from those of an earlier process that had the same pid. One per
 * process, not per copy of this module: npm start's bundle holds a copy of its own, and a lock
 * its copy took is this process's too (a second PGlite on the directory must still be refused).
 */
const PROCESS_TOKEN: string = ((globalThis as { [key: symbol]: string })[
  Symbol.for('nl-data-api.lock-token')
] ??= randomUUID());

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

interface Holder {
  readonly pid: number;
  readonly token: string;
  readonly holder?: DataDirHolder;
}

function holderOf(file: string): Holder | null {
  try {
    const { pid, token, holder } = JSON.parse(readFileSync(file, 'utf8')) as Partial<Holder>;
    return Number.isInteger(pid) && (pid as number) > 0
      ? {
          pid: pid as number,
          token: String(token),
          holder: holder !== undefined && holder in HOLDERS ? holder : undefined,
        }
      : null;
  } catch {
    return null;
  }
}

/** A holder that still runs: another live process, or this very process (a second open). */
function isLive(holder: Holder | null): holder is Holder {
  if (!holder) return false;
  if (holder.pid === process.pid) return holder.token === PROCESS_TOKEN;
  return isAlive(holder.pid);
}

/** Whether a live process (this one included) holds `<dataDir>.lock`. */
export function isDataDirLocked(dataDir: string): boolean {
  return isLive(holderOf(`${resolve(dataDir)}.lock`));
}

/**
 * Takes `<dataDir>.lock` for this process, or throws {@link DatabaseLockedError} while a live
 * process holds it (this one included: one PGlite per directory), naming that process and what
 * it is (a server or the admin CLI: each lock records it). A lock left by a process that died
 * (kill -9) is taken over, also when a new process got its pid (a container restarted as pid
 * 1): each lock carries a token of the process that took it. Returns the release function.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = `${resolve(dataDir)}.lock`;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      const since = new Date().toISOString();
      writeSync(
        fd,
        JSON.stringify({ pid: process.pid, token: PROCESS_TOKEN, since, holder: role }),
      );
      closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        process.off('exit', release);
        if (holderOf(file)?.token === PROCESS_TOKEN) unlinkSync(file);
      };
      process.once('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = holderOf(file);
      if (isLive(holder)) throw new DatabaseLockedError(dataDir, holder.pid, holder.holder);
      try {
        unlinkSync(file); // stale: its process is gone
      } catch {
        // another process took it over first; try again
      }
    }
  }
  throw new Error(`Could not take the lock ${file}`);
}
