import { accessSync, constants, lstatSync, mkdirSync, readlinkSync, realpathSync } from 'node:fs';
import { resolve } from 'node:path';

/** The embedded database's directory cannot be used: what is wrong, with which path. */
export class DataDirError extends Error {
  constructor(
    readonly dataDir: string,
    problem: string,
  ) {
    super(`The embedded database directory ${dataDir} (PGLITE_DATA_DIR) ${problem}.`);
    this.name = 'DataDirError';
  }
}

/** An error's text for one of those messages: Node's own message names the code and the path. */
export const errorText = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);

/**
 * The directory `dataDir` names, made if it is missing, as the real path PGlite and the lock are
 * given: a symbolic link (to a volume, say) is followed, since PGlite's file system refuses a
 * link as its root, and two processes that reach one directory by different paths must meet at
 * one lock. Throws {@link DataDirError} saying what is wrong (a dangling link, a file, no write
 * permission) instead of PGlite's "generic error".
 */
export function checkedDataDir(dataDir: string): string {
  const given = resolve(dataDir);
  let link = false;
  try {
    link = lstatSync(given).isSymbolicLink();
  } catch {
    try {
      mkdirSync(given, { recursive: true });
    } catch (error) {
      throw new DataDirError(dataDir, `does not exist and could not be made (${errorText(error)})`);
    }
  }
  let real: string;
  try {
    real = realpathSync(given);
  } catch (error) {
    const target = link ? readlinkSync(given) : given;
    throw new DataDirError(
      dataDir,
      link
        ? `is a symbolic link to ${target}, which does not exist`
        : `cannot be read (${errorText(error)})`,
    );
  }
  const which = real === given ? '' : `is a link to ${real}, which `;
  if (!lstatSync(real).isDirectory()) throw new DataDirError(dataDir, `${which}is not a directory`);
  try {
    accessSync(real, constants.R_OK | constants.W_OK | constants.X_OK);
  } catch (error) {
    throw new DataDirError(
      dataDir,
      `${which}is not writable by this process (${errorText(error)})`,
    );
  }
  return real;
}
