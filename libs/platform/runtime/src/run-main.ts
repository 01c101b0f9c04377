import { ConfigError } from '@nl/platform-config';
import { DatabaseLockedError } from '@nl/platform-database';
import { releaseStartupMemorySoon } from './startup-memory.js';

/**
 * Runs an app's start-up and turns a failure into one clear line and exit code 1 (a bad
 * variable, a port in use, an embedded database another process holds, an unreachable
 * database), instead of an unhandled rejection. Once it has started, start-up's leftover
 * memory is given back (releaseStartupMemory): here, in a process's entry point, rather than
 * in `startApp`, which tests call for many apps in one long-lived process.
 */
export async function runMain(main: () => Promise<unknown>): Promise<void> {
  try {
    await main();
    releaseStartupMemorySoon();
  } catch (error) {
    const message =
      error instanceof ConfigError || error instanceof DatabaseLockedError
        ? error.message
        : (error as NodeJS.ErrnoException).code === 'EADDRINUSE'
          ? `Port already in use (${(error as Error).message}). Set PORT (or METRICS_PORT) to a free port.`
          : `Start-up failed: ${(error as Error).stack ?? String(error)}`;
    process.stderr.write(`${message}\n`);
    process.exit(1);
  }
}
