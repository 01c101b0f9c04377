import { DomainError } from '@nl/platform-errors';

/** The most parts a dashboard form may have: its few fields, with room to spare. */
const MAX_PARTS = 16;

const CRLF = Buffer.from('\r\n');
const BLANK_LINE = Buffer.from('\r\n\r\n');

const unreadable = (why: string) =>
  new DomainError('bad_request', `The form could not be read: ${why}.`);

/** The boundary a `multipart/form-data` content type names (quoted or not). */
function boundaryOf(contentType: string): string {
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^;\s"]{1,70}))/i.exec(contentType);
  if (!match) throw unreadable('it names no boundary');
  return match[1] ?? match[2];
}

/** The form field a part carries, from its Content-Disposition (`name="…"`). */
function nameOf(headers: string): string | null {
  const disposition = headers.split('\r\n').find((line) => /^content-disposition:/i.test(line));
  return disposition ? (/;\s*name="([^"]*)"/i.exec(disposition)?.[1] ?? null) : null;
}

/**
 * The fields of a `multipart/form-data` body (RFC 7578) by name, each as UTF-8 text: a file's
 * content is its field's value (the dashboard's only file is a CSV). The body is already
 * whole and bounded by the parser's limit, so a search through it is all there is to it; the
 * first part of a name wins, and a form of more than {@link MAX_PARTS} parts is refused.
 */
export function parseMultipart(body: Buffer, contentType: string): Record<string, string> {
  const delimiter = Buffer.from(`--${boundaryOf(contentType)}`);
  const between = Buffer.concat([CRLF, delimiter]);
  const fields = new Map<string, string>();
  let at = body.indexOf(delimiter);
  if (at < 0) throw unreadable('its boundary never occurs');
  for (let parts = 0; ; parts++) {
    at += delimiter.length;
    if (body[at] === 0x2d && body[at + 1] === 0x2d) return Object.fromEntries(fields);
    if (parts === MAX_PARTS) throw unreadable(`it has more than ${MAX_PARTS} parts`);
    const lineEnd = body.indexOf(CRLF, at);
    const headersEnd = lineEnd < 0 ? -1 : body.indexOf(BLANK_LINE, lineEnd);
    if (headersEnd < 0) throw unreadable('a part has no end to its headers');
    const headers = body.subarray(lineEnd + 2, headersEnd).toString('latin1');
    const next = body.indexOf(between, headersEnd + 4);
    if (next < 0) throw unreadable('a part never ends');
    const name = nameOf(headers);
    if (name !== null && !fields.has(name))
      fields.set(name, body.subarray(headersEnd + 4, next).toString('utf8'));
    at = next + CRLF.length;
  }
}
