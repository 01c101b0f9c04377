import { Injectable } from '@nestjs/common';
import {
  dottedSbiCode,
  type SbiCodeRecord,
  type SbiPathItem,
  type SbiSuccessors,
} from '@nl/contracts-cbs';
import { Sbi2008Dataset } from '../upstream/sbi2008/sbi2008.dataset.js';
import type { SbiClassDerivation } from '../upstream/sbi2008/sbi2008.types.js';
import type { SbiSourceRow } from '../upstream/sbi/sbi.types.js';
import { SbiRepository, ancestorCodes, toSummary } from './sbi.repository.js';

const pathItem = (row: SbiSourceRow): SbiPathItem => ({
  code: row.code,
  level: row.level,
  title: row.title_nl,
  title_en: row.title_en,
});

/** One sentence on how the candidates were found, for the answer itself. */
function noteOf(code: string, from: string, { mapping, nace2, classes }: SbiClassDerivation) {
  const old = `SBI 2008 class ${dottedSbiCode(from)}`;
  const through =
    mapping === 'derived_via_nace'
      ? `${old} is NACE Rev. 2 class ${nace2[0]}`
      : `${old} has no NACE twin; its NACE group places it in NACE Rev. 2 ${nace2.join(', ')}`;
  const parts =
    mapping === 'none'
      ? [
          `${old} is a Dutch class without a NACE twin, and the published tables do not tell which NACE Rev. 2 class holds it, so no candidate is named.`,
        ]
      : [
          `${through}; Eurostat's NACE Rev. 2 → 2.1 correspondence leads to ${classes.length} SBI 2025 class${classes.length === 1 ? '' : 'es'}, whose subclasses are the candidates.`,
          'Derived at the four-digit level, not CBS’s official SBI 2008 → 2025 table.',
        ];
  if (code !== from)
    parts.push('A subclass maps through its class: its fifth digit is not mapped.');
  if (classes.length > 1)
    parts.push('The class split: which candidate applies depends on the company’s activity.');
  return parts.join(' ');
}

/** `GET /v1/cbs/sbi/{code}?edition=2008`: the SBI 2008 code and its SBI 2025 candidates. */
@Injectable()
export class Sbi2008Lookup {
  constructor(
    private readonly table: Sbi2008Dataset,
    private readonly sbi2025: SbiRepository,
  ) {}

  async lookup(code: string): Promise<SbiCodeRecord | null> {
    const row = this.table.row(code);
    if (!row) return null;
    const above = ancestorCodes(row.code, row.section)
      .map((c) => this.table.row(c))
      .filter((r) => r !== undefined);
    return {
      ...toSummary(row),
      description: null,
      path: [...above, row].map(pathItem),
      children: this.table.children(code).map(toSummary),
      edition: 'SBI 2008',
      successors: await this.successors(code),
    };
  }

  /** Whether SBI 2008 has this code (for the hint of a 2025 lookup that finds nothing). */
  has(code: string): boolean {
    return this.table.row(code) !== undefined;
  }

  private async successors(code: string): Promise<SbiSuccessors | null> {
    const found = this.table.derivation(code);
    if (!found) return null;
    const { from, derivation } = found;
    const types = new Map(derivation.classes.map((c) => [c.code, c.mappingType]));
    const subclasses = await this.sbi2025.subclassesOf([...types.keys()]);
    return {
      mapping: derivation.mapping,
      from,
      nace2: [...derivation.nace2],
      candidates: subclasses.flatMap((s) => {
        const type = types.get(s.parent ?? '');
        return type ? [{ ...s, mapping_type: type }] : [];
      }),
      note: noteOf(code, from, derivation),
    };
  }
}
