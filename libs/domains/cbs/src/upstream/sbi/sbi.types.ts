import type { SbiLevel } from '@nl/contracts-cbs';

/** One code as the shipped SBI 2025 snapshot lists it (src/data/PROVENANCE.md). */
export interface SbiSourceRow {
  readonly code: string;
  readonly level: SbiLevel;
  readonly depth: number;
  readonly parent: string | null;
  readonly section: string;
  readonly title_nl: string;
  readonly title_en: string;
}

/** One row of `cbs.sbi_code`: the source row, its place in the list and its search text. */
export interface SbiCodeRow extends SbiSourceRow {
  readonly position: number;
  readonly search_text: string;
}
