import { ConfigError } from '@nl/platform-config';
import { DatabaseLockedError } from '@nl/platform-database';

/**
 * Runs an app's start-up and turns a failure into one clear line and exit code 1 (a bad
 * variable, a port in use, an embedded database another process holds, an unreachable
 * database), instead of an unhandled rejection.
 */
export async function runMain(main: () => Promise<unknown>): Promise<void> {
  try {
    await main();
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
