import { ConfigError } from '@nl/platform-config';
import { DatabaseLockedError, DataDirError } from '@nl/platform-database';
import { closeEmbeddedOpenings } from '@nl/platform-database/embedded-start';
import { releaseStartupMemorySoon } from './startup-memory.js';
import { takeStartFallback } from './start-fallback.js';

/** The line a start that failed for a reason the user can fix ends with; null: any other. */
function usersToFix(error: unknown): string | null {
  if (
    error instanceof ConfigError ||
    error instanceof DatabaseLockedError ||
    error instanceof DataDirError
  )
    return error.message;
  if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE')
    return `Port already in use (${(error as Error).message}). Set PORT (or METRICS_PORT) to a free port.`;
  return null;
}

/**
 * Runs an app's start-up and turns a failure into one clear line and exit code 1 (a bad
 * variable, a port in use, an embedded database another process holds or a directory it cannot
 * use, an unreachable database), instead of an unhandled rejection. A failure of any other kind
 * goes to the launcher's fallback when one is registered (setStartFallback: `npm start` trying
 * the app's bundle), once the embedded database this start opened is closed again. Once it has
 * started, start-up's leftover memory is given back (releaseStartupMemory): here, in a process's
 * entry point, rather than in `startApp`, which tests call for many apps in one long-lived process.
 */
export async function runMain(main: () => Promise<unknown>): Promise<void> {
  try {
    await main();
    releaseStartupMemorySoon();
  } catch (error) {
    const message = usersToFix(error);
    const fallback = message === null ? takeStartFallback() : undefined;
    if (fallback) {
      await closeEmbeddedOpenings();
      return fallback(error);
    }
    process.stderr.write(
      `${message ?? `Start-up failed: ${(error as Error).stack ?? String(error)}`}
`,
    );
    process.exit(1);
  }
}
