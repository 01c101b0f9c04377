/**
 * How the status page writes its figures. A missing figure (no requests, no dataset version) is
 * a dash, never a zero that could be read as a measurement.
 */

export const NONE = '–';

/** Keeps a number and its unit on one line. */
const NBSP = '\u00a0';

const integer = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });

export const formatCount = (n: number): string => integer.format(n);

/**
 * A share of 0..1 as a percentage with two decimals, rounded down: 0.99999 is "99.99 %", so a
 * window with one failure never shows as 100 %. Only a clean record is "100 %".
 */
export function formatPercent(share: number | null): string {
  if (share === null) return NONE;
  if (share >= 1) return `100${NBSP}%`;
  const hundredths = Math.floor(Math.max(0, share) * 10_000) / 100;
  return `${hundredths.toFixed(2)}${NBSP}%`;
}

/** A share of 0..1 as a percentage with at most two decimals: a threshold, "90 %". */
export const formatShare = (share: number): string => `${Number((share * 100).toFixed(2))}${NBSP}%`;

/** Milliseconds: a decimal under 10 ms (cache hits), whole below a second, seconds above. */
export function formatMs(ms: number | null): string {
  if (ms === null) return NONE;
  if (ms < 10) return `${ms.toFixed(1)}${NBSP}ms`;
  if (ms < 1000) return `${Math.round(ms)}${NBSP}ms`;
  if (ms < 10_000) return `${(ms / 1000).toFixed(2)}${NBSP}s`;
  return `${(ms / 1000).toFixed(1)}${NBSP}s`;
}

/** A duration in its two largest units: "45 s", "20 min", "3 h 20 min", "4 d 3 h". */
export function formatAge(seconds: number | null): string {
  if (seconds === null) return NONE;
  const s = Math.max(0, Math.floor(seconds));
  if (s < 60) return `${s}${NBSP}s`;
  const minutes = Math.floor(s / 60);
  if (minutes < 60) return `${minutes}${NBSP}min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return join(hours, 'h', minutes % 60, 'min');
  return join(Math.floor(hours / 24), 'd', hours % 24, 'h');
}

const join = (big: number, bigUnit: string, small: number, smallUnit: string) =>
  small === 0 ? `${big}${NBSP}${bigUnit}` : `${big}${NBSP}${bigUnit} ${small}${NBSP}${smallUnit}`;

/** An ISO 8601 instant to the minute in UTC, as "2026-11-28 15:40 UTC". */
export function formatUtc(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.toISOString().slice(0, 16).replace('T', ' ')}${NBSP}UTC`;
}
