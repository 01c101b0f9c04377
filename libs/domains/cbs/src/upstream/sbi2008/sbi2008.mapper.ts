import type { SbiMapping, SbiMappingType } from '@nl/contracts-cbs';
import type { SbiSourceRow } from '../sbi/sbi.types.js';
import type { NacePair, SbiClassDerivation } from './sbi2008.types.js';

const compact = (nace: string) => nace.replace('.', '');
const NACE_CLASS = /^\d{2}\.\d{2}$/;

/** The class pairs of the shipped correspondence; a malformed pair refuses the file. */
export function parseNacePairs(text: string): NacePair[] {
  const pairs = JSON.parse(text) as unknown;
  if (!Array.isArray(pairs)) throw new Error('the NACE correspondence is not a JSON array');
  pairs.forEach((pair: Partial<Record<keyof NacePair, unknown>>, i) => {
    if (!NACE_CLASS.test(String(pair.nace2)) || !NACE_CLASS.test(String(pair.nace21)))
      throw new Error(`NACE correspondence row ${i} is not a pair of classes`);
  });
  return pairs as NacePair[];
}

/**
 * The NACE Rev. 2 classes an SBI 2008 class goes through. SBI 2008's first four digits are NACE
 * Rev. 2, so a class with a NACE twin goes through it. A Dutch class without one is placed only
 * where its NACE group decides: through the group's single NACE class, or through the whole
 * group when it is the group's only SBI class. Elsewhere nothing is claimed.
 */
function naceRoute(
  code: string,
  naceClasses: ReadonlySet<string>,
  sbiClasses: readonly string[],
): { mapping: SbiMapping; nace2: string[] } {
  if (naceClasses.has(code)) return { mapping: 'derived_via_nace', nace2: [code] };
  const group = code.slice(0, 3);
  const naceInGroup = [...naceClasses].filter((c) => c.startsWith(group));
  const sbiInGroup = sbiClasses.filter((c) => c.startsWith(group));
  if (naceInGroup.length === 1 || (naceInGroup.length > 1 && sbiInGroup.length === 1))
    return { mapping: 'derived_via_nace_group', nace2: naceInGroup };
  return { mapping: 'none', nace2: [] };
}

const typeOf = (out: number, into: number): SbiMappingType =>
  out === 1
    ? into === 1
      ? 'one_to_one'
      : 'many_to_one'
    : into === 1
      ? 'one_to_many'
      : 'many_to_many';

/**
 * Every SBI 2008 class (four digits) with its SBI 2025 classes: through NACE Rev. 2 and
 * Eurostat's pairs to NACE Rev. 2.1, whose classes are SBI 2025's. The mapping type counts among
 * SBI 2008 classes: how many new classes the old one reaches, and how many old ones reach each.
 */
export function deriveSuccessors(
  rows: readonly SbiSourceRow[],
  pairs: readonly NacePair[],
): Map<string, SbiClassDerivation> {
  const next = new Map<string, string[]>();
  for (const { nace2, nace21 } of pairs) {
    const list = next.get(compact(nace2)) ?? [];
    next.set(compact(nace2), [...list, compact(nace21)]);
  }
  const naceClasses = new Set(next.keys());
  const sbiClasses = rows.filter((r) => r.level === 'class').map((r) => r.code);
  const routes = sbiClasses.map((code) => {
    const route = naceRoute(code, naceClasses, sbiClasses);
    const classes = [...new Set(route.nace2.flatMap((c) => next.get(c) ?? []))].sort();
    return { code, ...route, classes };
  });
  const into = new Map<string, number>();
  for (const { classes } of routes) for (const c of classes) into.set(c, (into.get(c) ?? 0) + 1);
  return new Map(
    routes.map(({ code, mapping, nace2, classes }) => [
      code,
      {
        mapping,
        nace2: nace2.map((c) => `${c.slice(0, 2)}.${c.slice(2)}`),
        classes: classes.map((c) => ({
          code: c,
          mappingType: typeOf(classes.length, into.get(c) ?? 0),
        })),
      },
    ]),
  );
}
