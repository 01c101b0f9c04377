import type { FieldError } from '@nl/contracts-core';
import { DomainError } from '@nl/platform-errors';
import type { FastifyRequest } from 'fastify';

/** The most origins one key may list. */
export const MAX_ALLOWED_ORIGINS = 20;

/** Longer than any origin a browser sends for a real site. */
export const MAX_ORIGIN_LENGTH = 200;

/** `scheme://host[:port]`, an optional trailing slash, and nothing else (no user, path, query). */
const ORIGIN_SHAPE = /^https?:\/\/[^/?#@\\\s]+\/?$/i;

/** A host name (IDNs arrive in punycode) or a bracketed IPv6 address; no wildcards. */
const HOST =
  /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$|^\[[0-9a-f:.]+\]$/;

/**
 * The origin as a browser serialises it in the `Origin` header (lower case, punycode, no
 * default port, no trailing slash), or null when `text` is not `http(s)://host[:port]`.
 */
export function normalisedOrigin(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed.length > MAX_ORIGIN_LENGTH || !ORIGIN_SHAPE.test(trimmed)) return null;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return null;
  }
  return HOST.test(url.hostname) ? url.origin : null;
}

/**
 * A key's allowed origins as given (admin API, CLI) → as stored: each one normalised, duplicates
 * dropped, in the given order; an empty list is no list (null: any origin). Throws
 * `validation_failed` naming every entry that is not an origin, or a list over the maximum.
 */
export function normaliseOrigins(
  given: readonly string[] | null,
  field = 'allowed_origins',
): string[] | null {
  if (given === null || given.length === 0) return null;
  const errors: FieldError[] = [];
  if (given.length > MAX_ALLOWED_ORIGINS)
    errors.push({ field, message: `${field} may list at most ${MAX_ALLOWED_ORIGINS} origins` });
  const origins = new Set<string>();
  given.forEach((text, index) => {
    const origin = normalisedOrigin(text);
    if (origin) origins.add(origin);
    else
      errors.push({
        field: `${field}.${index}`,
        message: `${JSON.stringify(text.slice(0, MAX_ORIGIN_LENGTH))} is not an origin: give http(s)://host[:port] without a path, e.g. https://shop.example.nl`,
      });
  });
  if (errors.length) throw DomainError.validation(errors);
  return [...origins];
}

/**
 * A key with an allowed-origins list only serves a web page of one of those origins: a request
 * whose `Origin` is not on it is refused (`403 origin_not_allowed`). A request without `Origin`
 * (a server, a script) is not a page's, and the list does not apply. Runs right after the key
 * is known, before any limit is counted or credit reserved; a set lookup, no allocation.
 */
export function checkOrigin(
  allowed: ReadonlySet<string> | undefined,
  request: FastifyRequest,
): void {
  const origin = request.headers.origin;
  if (allowed === undefined || origin === undefined || allowed.has(origin)) return;
  throw new DomainError(
    'origin_not_allowed',
    `This API key only accepts calls from the web pages of the origins its owner listed; ${JSON.stringify(origin.slice(0, MAX_ORIGIN_LENGTH))} is not one of them.`,
  );
}
