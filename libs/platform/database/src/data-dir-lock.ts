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

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function holderOf(file: string): number | null {
  try {
    const pid = Number(JSON.parse(readFileSync(file, 'utf8')).pid);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/**
 * Takes `<dataDir>.lock` for this process, or throws {@link DatabaseLockedError} while another
 * live process holds it. A lock left by a process that died (kill -9) is taken over; so is one
 * with this process's own pid (a container restarted as pid 1). Returns the release function.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = `${resolve(dataDir)}.lock`;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, JSON.stringify({ pid: process.pid, since: new Date().toISOString() }));
      closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        process.off('exit', release);
        if (holderOf(file) === process.pid) unlinkSync(file);
      };
      process.once('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = holderOf(file);
      if (pid !== null && pid !== process.pid && isAlive(pid))
        throw new DatabaseLockedError(dataDir, pid);
      try {
        unlinkSync(file); // stale: its process is gone
      } catch {
        // another process took it over first; try again
      }
    }
  }
  throw new Error(`Could not take the lock ${file}`);
}
