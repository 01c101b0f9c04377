/** The rows of a raw query: TypeORM returns rows for SELECT, and [rows, count] for data-modifying statements on Postgres. */
export function allRows<T>(result: unknown): T[] {
  return (Array.isArray(result) && Array.isArray(result[0]) ? result[0] : result) as T[];
}

export function firstRow<T>(result: unknown): T | undefined {
  return allRows<T>(result)[0];
}

interface PgError {
  readonly code?: string;
  readonly constraint?: string;
}

/**
 * Whether a credit statement failed as a whole and may simply run again: Postgres picked it as
 * a deadlock victim, or a reservation that raced another replica's for the same account would
 * have taken the balance below zero, which the balance's CHECK refused (seen with two replicas
 * reserving on a nearly empty account; the statement left nothing behind, and run again it
 * reads the balance as it is now).
 */
function isRetryable(error: unknown): boolean {
  // TypeORM wraps the driver's error (driverError); a prepared query throws it as it is.
  const pg = ((error as { driverError?: PgError }).driverError ?? error) as PgError;
  return pg.code === '40P01' || (pg.code === '23514' && pg.constraint === 'account_balance_check');
}

/** Runs a credit statement, again (up to `attempts` in all) while it fails as a whole and retryably. */
export async function withStatementRetry<T>(run: () => Promise<T>, attempts = 3): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await run();
    } catch (error) {
      if (!isRetryable(error) || i >= attempts) throw error;
    }
  }
}
