import { Readable } from 'node:stream';
import { formatCredits } from '@nl/contracts-core';
import type { ResultRow } from './batch-rows.js';
import type { BatchStore } from './batch-store.js';
import { csvField } from './csv.js';

/** Items read from the database per page while results stream. */
const PAGE = 1_000;

/** One item as a results line: its number, input, state, status, charge and the answer. */
export function resultLine(row: ResultRow): Record<string, unknown> {
  const ended = row.state === 'succeeded' || row.state === 'failed';
  return {
    item: row.item,
    input: row.params,
    state: row.state,
    status: row.status,
    charged: row.charged === null ? null : formatCredits(row.charged),
    ...(row.cache && { cache: row.cache }),
    ...(row.source && { source: row.source }),
    ...(ended && (row.state === 'succeeded' ? { data: row.answer } : { error: row.answer })),
  };
}

const CSV_COLUMNS = [
  'item',
  'state',
  'status',
  'charged',
  'cache',
  'source',
  'input',
  'data',
  'error',
];

/** The same line as a CSV row: `input`, `data` and `error` as JSON text. */
function csvRow(row: ResultRow): string {
  const line = resultLine(row);
  return CSV_COLUMNS.map((column) => {
    const value = line[column];
    if (value === undefined || value === null) return '';
    return csvField(typeof value === 'object' ? JSON.stringify(value) : String(value));
  }).join(',');
}

/** A job's results as NDJSON or CSV, read page by page while the client reads them. */
export function resultStream(store: BatchStore, jobId: string, format: 'ndjson' | 'csv'): Readable {
  async function* lines(): AsyncGenerator<string> {
    if (format === 'csv') yield `${CSV_COLUMNS.join(',')}\r\n`;
    let after = 0;
    for (;;) {
      const rows = await store.results(jobId, after, PAGE);
      if (rows.length === 0) return;
      yield rows
        .map((row) =>
          format === 'csv' ? `${csvRow(row)}\r\n` : `${JSON.stringify(resultLine(row))}\n`,
        )
        .join('');
      after = rows[rows.length - 1].item;
    }
  }
  return Readable.from(lines());
}

/** The format a client asks for: CSV when `Accept` prefers text/csv, else NDJSON. */
export function resultFormat(accept: string | undefined): 'ndjson' | 'csv' {
  return /text\/csv/i.test(accept ?? '') && !/ndjson/i.test(accept ?? '') ? 'csv' : 'ndjson';
}
