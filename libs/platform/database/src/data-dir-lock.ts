import { randomUUID } from 'node:crypto';
import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { resolve } from 'node:path';

/** The embedded database is in use by another live process. */
export class DatabaseLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The embedded database ${dataDir} is in use by process ${pid} (probably \`npm start\`). ` +
        'PGlite allows one process per directory, and a second one would lose its writes. ' +
        'Stop that process first, or use its /admin HTTP API (start it with ADMIN_TOKEN set, send X-Admin-Token).',
    );
    this.name = 'DatabaseLockedError';
  }
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
}

function holderOf(file: string): Holder | null {
  try {
    const { pid, token } = JSON.parse(readFileSync(file, 'utf8')) as Partial<Holder>;
    return Number.isInteger(pid) && (pid as number) > 0
      ? { pid: pid as number, token: String(token) }
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
 * process holds it (this one included: one PGlite per directory). A lock left by a process
 * that died (kill -9) is taken over, also when a new process got its pid (a container
 * restarted as pid 1): each lock carries a token of the process that took it. Returns the
 * release function.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = `${resolve(dataDir)}.lock`;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      const since = new Date().toISOString();
      writeSync(fd, JSON.stringify({ pid: process.pid, token: PROCESS_TOKEN, since }));
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
      if (isLive(holder)) throw new DatabaseLockedError(dataDir, holder.pid);
      try {
        unlinkSync(file); // stale: its process is gone
      } catch {
        // another process took it over first; try again
      }
    }
  }
  throw new Error(`Could not take the lock ${file}`);
}
