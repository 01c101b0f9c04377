import type { FieldError } from '@nl/contracts-core';

/** Whether `text` decodes as percent-encoded UTF-8 (a `%` always followed by two hex digits). */
function decodes(text: string): boolean {
  if (!text.includes('%')) return true;
  try {
    decodeURIComponent(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * The parameters of a query string (without its `?`) that are not valid percent-encoding: a `%`
 * without two hex digits after it (`%zz`, `a%`) or bytes that are not UTF-8 (`%c0%80`). The
 * query parser takes such text literally, so `q=%zz` would be searched for, and charged, as the
 * three characters. Named as sent when the name itself is the bad part.
 */
export function malformedQuery(query: string): FieldError[] {
  const errors: FieldError[] = [];
  for (const pair of query.split('&')) {
    const equals = pair.indexOf('=');
    const name = equals < 0 ? pair : pair.slice(0, equals);
    const value = equals < 0 ? '' : pair.slice(equals + 1);
    if (decodes(name) && decodes(value)) continue;
    const field = decodes(name) ? decodeURIComponent(name.replace(/\+/g, ' ')) : name;
    if (!errors.some((e) => e.field === field))
      errors.push({ field, message: `${field} is not valid percent-encoded UTF-8` });
  }
  return errors;
}

/** {@link malformedQuery} of a request target's query; none without a `%` in it (most requests). */
export function malformedQueryOf(url: string): FieldError[] {
  const start = url.indexOf('?');
  if (start < 0 || !url.includes('%', start)) return [];
  return malformedQuery(url.slice(start + 1));
}
