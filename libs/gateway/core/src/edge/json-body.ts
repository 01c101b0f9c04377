import { DomainError } from '@nl/platform-errors';
import type { FastifyRequest } from 'fastify';

/**
 * Deepest nesting of arrays and objects a request body may have. Every body of the API is a
 * flat object; the limit keeps a hostile body (30 000 `[`) from reaching code that recurses.
 */
export const MAX_JSON_DEPTH = 8;

/** Largest body of a route that declares no size of its own (catalog routes do: `maxBodyBytes`). */
export const DEFAULT_MAX_BODY_BYTES = 16 * 1024;

/**
 * The deepest nesting in a JSON text, counted without parsing (brackets inside strings are
 * skipped), stopping as soon as it passes `limit`. Linear in the text, no recursion.
 */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) {
      depth--;
    }
  }
  return false;
}

function maxBodyBytesOf(request: FastifyRequest): number {
  const config = request.routeOptions?.config as { maxBodyBytes?: number } | undefined;
  return config?.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
}

type ParseJson = (
  request: FastifyRequest,
  body: string,
  done: (error: Error | null, value?: unknown) => void,
) => void;

/**
 * The gateway's JSON body parser: refuses a body over its route's size (413) or nested deeper
 * than {@link MAX_JSON_DEPTH} (400) before anything parses or transforms it, then parses with
 * Fastify's own parser (which refuses `__proto__` and `constructor.prototype` keys).
 */
export function guardedJsonParser(parse: ParseJson) {
  return (
    request: FastifyRequest,
    raw: Buffer,
    done: (error: Error | null, value?: unknown) => void,
  ) => {
    const limit = maxBodyBytesOf(request);
    if (raw.length > limit) {
      done(
        new DomainError(
          'payload_too_large',
          `The body of this endpoint may be at most ${limit} bytes.`,
        ),
      );
      return;
    }
    const text = raw.toString('utf8');
    if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) {
      done(
        new DomainError(
          'bad_request',
          `The JSON body is nested deeper than ${MAX_JSON_DEPTH} levels.`,
        ),
      );
      return;
    }
    if (text.trim() === '') {
      done(null, {});
      return;
    }
    parse(request, text, done);
  };
}
