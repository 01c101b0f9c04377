import { SBI_LEVELS } from '@nl/contracts-cbs';
import { searchText } from '../../sbi/search-text.js';
import type { SbiCodeRow, SbiSourceRow } from './sbi.types.js';

const isText = (v: unknown): v is string => typeof v === 'string' && v.length > 0;

/** Why a snapshot row cannot be loaded, or null when it can. */
function problemOf(row: Partial<Record<keyof SbiSourceRow, unknown>>): string | null {
  if (!isText(row.code)) return 'no code';
  if (!SBI_LEVELS.includes(row.level as SbiSourceRow['level'])) return 'an unknown level';
  if (typeof row.depth !== 'number') return 'no depth';
  if (row.parent !== null && !isText(row.parent)) return 'a parent that is no code';
  if (!isText(row.section) || !isText(row.title_nl) || !isText(row.title_en))
    return 'a missing section or title';
  return null;
}

/** The rows of a snapshot file; a row that does not have the expected shape refuses the file. */
export function parseSbiSnapshot(text: string): SbiSourceRow[] {
  const rows = JSON.parse(text) as unknown;
  if (!Array.isArray(rows)) throw new Error('the SBI snapshot is not a JSON array');
  rows.forEach((row: Partial<Record<keyof SbiSourceRow, unknown>>, i) => {
    const problem = problemOf(row);
    if (problem) throw new Error(`SBI snapshot row ${i} has ${problem}`);
  });
  return rows as SbiSourceRow[];
}

/** Rows for `cbs.sbi_code`: each keeps its place in the list and gets its search text. */
export function toSbiCodeRows(rows: readonly SbiSourceRow[]): SbiCodeRow[] {
  return rows.map((row, position) => ({
    ...row,
    position,
    search_text: searchText(`${row.title_nl} ${row.title_en}`),
  }));
}

/** A reason to refuse a snapshot: codes listed twice, or a parent that is not in it. */
export function snapshotProblem(rows: readonly SbiSourceRow[]): string | null {
  const codes = new Set<string>();
  for (const row of rows) {
    if (codes.has(row.code)) return `code ${row.code} is listed twice`;
    codes.add(row.code);
  }
  const orphan = rows.find((row) => row.parent !== null && !codes.has(row.parent));
  return orphan ? `code ${orphan.code} has parent ${orphan.parent}, which is not listed` : null;
}
