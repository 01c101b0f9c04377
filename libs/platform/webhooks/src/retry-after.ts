/** A day: longer waits are not honoured, the delivery window would be over anyway. */
const MAX_RETRY_AFTER_MS = 24 * 3600_000;

/**
 * A Retry-After header (seconds, or an HTTP date) as ms from `now`; `undefined` when absent or
 * unreadable, so the normal back-off applies.
 */
export function parseRetryAfter(
  header: string | string[] | undefined,
  now: Date,
): number | undefined {
  const value = (Array.isArray(header) ? header[0] : header)?.trim();
  if (!value) return undefined;
  const ms = /^\d+$/.test(value) ? Number(value) * 1000 : Date.parse(value) - now.getTime();
  if (Number.isNaN(ms)) return undefined;
  return Math.min(Math.max(ms, 0), MAX_RETRY_AFTER_MS);
}
