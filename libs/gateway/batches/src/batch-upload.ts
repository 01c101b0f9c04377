import { DomainError } from '@nl/platform-errors';
import { parseCsv } from './csv.js';

/** The most items one job may have, whatever the tier allows (see BATCH_ITEM_LIMITS). */
export const MAX_BATCH_ITEMS = 100_000;

/** Largest upload: 100,000 items of a few short parameters each fit with room to spare. */
export const MAX_BATCH_UPLOAD_BYTES = 32 * 1024 * 1024;

/** The media types of an upload besides JSON: one item per line, or per row under a header. */
export const NDJSON_TYPES = ['application/x-ndjson', 'application/ndjson', 'application/jsonl'];
export const CSV_TYPE = 'text/csv';

/** A job as sent, before anything is checked against the catalog. */
export interface BatchUpload {
  readonly endpoint: unknown;
  readonly items: readonly unknown[];
  readonly webhookUrl: unknown;
}

const bad = (message: string) => new DomainError('bad_request', message);

/** What a JSON body says: `{ endpoint, items: [...], webhook_url? }`. */
function fromJson(body: unknown): BatchUpload {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw bad('The body must be a JSON object: {"endpoint": "…", "items": [ {…}, … ]}.');
  const { endpoint, items, webhook_url: webhookUrl, ...rest } = body as Record<string, unknown>;
  const unknown = Object.keys(rest);
  if (unknown.length)
    throw bad(
      `Unknown member(s) ${unknown.join(', ')}: a job has endpoint, items and webhook_url.`,
    );
  if (!Array.isArray(items)) throw bad('"items" must be an array of parameter objects.');
  return { endpoint, items, webhookUrl };
}

/** One JSON object per line; a line that is not one is named by its number. */
function ndjsonItems(text: string): unknown[] {
  const items: unknown[] = [];
  const lines = text.split(/\r?\n/);
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index].trim();
    if (line === '') continue;
    try {
      items.push(JSON.parse(line));
    } catch {
      throw bad(`Line ${index + 1} of the NDJSON upload is not valid JSON.`);
    }
  }
  return items;
}

/** A header row of parameter names, then one item per row; an empty cell sends no parameter. */
function csvItems(text: string): unknown[] {
  let rows: string[][];
  try {
    rows = parseCsv(text);
  } catch (error) {
    throw bad(`The CSV upload cannot be read: ${(error as Error).message}.`);
  }
  const [header, ...data] = rows;
  if (!header) return [];
  const names = header.map((name) => name.trim());
  if (names.some((name) => name === '') || new Set(names).size !== names.length)
    throw bad('The CSV header row must name each parameter once, with no empty column.');
  return data.map((row, index) => {
    if (row.length !== names.length)
      throw bad(
        `Row ${index + 1} of the CSV upload has ${row.length} fields; the header has ${names.length}.`,
      );
    const item: Record<string, string> = {};
    names.forEach((name, column) => {
      const value = row[column].trim();
      if (value !== '') item[name] = value;
    });
    return item;
  });
}

/**
 * Reads an upload by its media type: JSON (the whole job in the body), or NDJSON and CSV (the
 * items in the body; `endpoint` and `webhook_url` in the query string).
 */
export function readUpload(
  mediaType: string,
  body: unknown,
  query: Record<string, unknown>,
): BatchUpload {
  if (mediaType === 'application/json') return fromJson(body);
  const text = typeof body === 'string' ? body : '';
  const items = mediaType === CSV_TYPE ? csvItems(text) : ndjsonItems(text);
  return { endpoint: query.endpoint, items, webhookUrl: query.webhook_url };
}

/** The media type of a request without its parameters, lower-cased ('' when none). */
export function mediaTypeOf(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0].trim().toLowerCase();
}
