import { DomainError } from './domain-error.js';

/** Seconds a client should wait before retrying during an infrastructure outage. */
export const OUTAGE_RETRY_AFTER_SECONDS = 5;

/** Node socket errors that mean the peer cannot be reached (not a bad query). */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'ENOTFOUND',
]);

/**
 * SQLSTATEs of a database that is gone or not accepting work: class 08 (connection
 * exception), 57P01–57P03 (shut down by an administrator, crash, still starting), 53300 (too
 * many connections).
 */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[123]|53300)$/;

/** What node-postgres and TypeORM say when the connection dropped or never came up. */
const UNAVAILABLE_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|connection error and is not queryable|Connection is not established|database system is (starting up|shutting down|in recovery)|terminating connection due to administrator command/i;

function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * The error and what it wraps (TypeORM's `driverError`, an `Error.cause`), each with whether
 * it came straight from the database driver: the error itself or a `driverError`, not a `cause`.
 */
function chain(error: unknown): { e: unknown; driver: boolean }[] {
  const out: { e: unknown; driver: boolean }[] = [];
  let driver = true;
  for (let e = error; e && typeof e === 'object' && out.length < 5;) {
    out.push({ e, driver });
    const next = e as { driverError?: unknown; cause?: unknown };
    driver &&= next.driverError !== undefined;
    e = next.driverError ?? next.cause;
  }
  return out;
}

/**
 * True when `error` says the database cannot be reached, not that a statement was wrong. A
 * socket's code (ECONNREFUSED, ECONNRESET, …) counts only where the driver threw it: under
 * another error's `cause` it is some other connection's (an upstream's "fetch failed").
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  return chain(error).some(({ e, driver }) => {
    const code = codeOf(e);
    if (code && ((driver && NETWORK_CODES.has(code)) || UNAVAILABLE_SQLSTATE.test(code)))
      return true;
    return e instanceof Error && UNAVAILABLE_MESSAGE.test(e.message);
  });
}

export function databaseUnavailable(): DomainError {
  return new DomainError('database_unavailable', undefined, {
    retryAfterSeconds: OUTAGE_RETRY_AFTER_SECONDS,
  });
}

/** The coded 503 for an error caused by an unreachable database; null for anything else. */
export function infrastructureError(error: unknown): DomainError | null {
  return isDatabaseUnavailable(error) ? databaseUnavailable() : null;
}
