import { DOMAINS, type DomainName, type FieldError } from '@nl/contracts-core';
import { DomainError } from '@nl/platform-errors';

/** How long a rolled key's previous secret keeps working unless the caller says otherwise. */
export const DEFAULT_OVERLAP_SECONDS = 24 * 3600;
/** The longest overlap of a roll: 7 days. */
export const MAX_OVERLAP_SECONDS = 7 * 24 * 3600;
/** The latest expiry a key may be given, counted from now: 10 years. */
const MAX_EXPIRY_MS = 10 * 366 * 24 * 3600 * 1000;

/**
 * The overlap of a roll in whole seconds: undefined is the default (24 h), 0 ends the previous
 * secret at once. Throws `validation_failed` for anything but a whole number from 0 to 7 days.
 */
export function overlapOf(given: unknown, field = 'overlap_seconds'): number {
  if (given === undefined || given === null || given === '') return DEFAULT_OVERLAP_SECONDS;
  const seconds = typeof given === 'string' ? Number(given) : given;
  if (
    typeof seconds !== 'number' ||
    !Number.isInteger(seconds) ||
    seconds < 0 ||
    seconds > MAX_OVERLAP_SECONDS
  )
    throw DomainError.validation([
      {
        field,
        message: `The overlap is a whole number of seconds from 0 (the previous secret stops at once) to ${MAX_OVERLAP_SECONDS} (7 days).`,
      },
    ]);
  return seconds;
}

/**
 * A key's expiry as given (an ISO 8601 time, null or empty for never) → as stored. Throws
 * `validation_failed` for a time that does not parse, is not in the future, or is more than
 * 10 years ahead.
 */
export function expiryOf(given: unknown, now = Date.now(), field = 'expires_at'): Date | null {
  if (given === undefined || given === null || given === '') return null;
  const at = typeof given === 'string' ? new Date(given) : new Date(NaN);
  const problem =
    typeof given !== 'string' || Number.isNaN(at.getTime())
      ? 'Give the expiry as an ISO 8601 time with a zone, like 2027-01-31T23:59:59Z; or leave it empty for none.'
      : at.getTime() <= now
        ? `The expiry ${at.toISOString()} is not in the future.`
        : at.getTime() > now + MAX_EXPIRY_MS
          ? 'The expiry is at most 10 years ahead.'
          : null;
  if (problem) throw DomainError.validation([{ field, message: problem }]);
  return at;
}

/**
 * A key's scopes as given → as stored: domain names (see DOMAINS), duplicates dropped, in
 * catalog order; no list or an empty one is null (every domain). Throws `validation_failed`
 * naming every entry that is not a domain.
 */
export function scopesOf(given: unknown, field = 'scopes'): DomainName[] | null {
  if (given === undefined || given === null) return null;
  const list = Array.isArray(given) ? (given as unknown[]) : null;
  const errors: FieldError[] = list
    ? list.flatMap((s, i) =>
        typeof s === 'string' && (DOMAINS as readonly string[]).includes(s)
          ? []
          : [
              {
                field: `${field}[${i}]`,
                message: `${JSON.stringify(s)} is not a domain; the domains are ${DOMAINS.join(', ')}.`,
              },
            ],
      )
    : [{ field, message: `Give the scopes as a list of domains: ${DOMAINS.join(', ')}.` }];
  if (errors.length) throw DomainError.validation(errors);
  const chosen = DOMAINS.filter((d) => (list as unknown[]).includes(d));
  return chosen.length ? chosen : null;
}

/** The 401 of a key past its expiry, saying when it expired. */
export function keyExpired(expiresAt: number): DomainError {
  const at = new Date(expiresAt).toISOString();
  return new DomainError(
    'key_expired',
    `This API key expired at ${at}. Use another key, or ask its owner to set a later expiry.`,
    { members: { expired_at: at } },
  );
}

/** The 403 of a call to a domain outside the key's scopes, naming them. */
export function outOfScope(domain: string, scopes: readonly string[]): DomainError {
  return new DomainError(
    'key_scope',
    `This API key may only call the domains ${scopes.join(', ')}; this endpoint is in ${domain}.`,
    { members: { scopes: [...scopes], domain } },
  );
}
