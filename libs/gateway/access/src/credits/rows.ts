/** The rows of a raw query: TypeORM returns rows for SELECT, and [rows, count] for data-modifying statements on Postgres. */
export function allRows<T>(result: unknown): T[] {
  return (Array.isArray(result) && Array.isArray(result[0]) ? result[0] : result) as T[];
}

export function firstRow<T>(result: unknown): T | undefined {
  return allRows<T>(result)[0];
}

/** Postgres picked this statement as a deadlock victim: it did nothing and may run again. */
export async function withDeadlockRetry<T>(run: () => Promise<T>, attempts = 3): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await run();
    } catch (error) {
      // TypeORM wraps the driver's error (driverError); a prepared query throws it as it is.
      const { code, driverError } = error as { code?: unknown; driverError?: { code?: string } };
      if ((driverError?.code ?? code) !== '40P01' || i >= attempts) throw error;
    }
  }
}
