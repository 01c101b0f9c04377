import type { SbiCodeRecord } from '@nl/contracts-cbs';
import type { KvkSbiActivity } from '@nl/contracts-kvk';
import type { RegisteredSbi } from '../upstream/kvk/kvk.mapper.js';

/** What the edition adds to a registered activity. */
export type SbiEditionOf = Pick<KvkSbiActivity, 'sbiEdition' | 'sbiEditionBasis' | 'sbi2025'>;

export const SBI_UNAVAILABLE: SbiEditionOf = {
  sbiEdition: null,
  sbiEditionBasis: 'unavailable',
  sbi2025: null,
};

/** A title as words: no case, accents, quotes or punctuation, single spaces. */
const words = (title: string) =>
  title
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/**
 * The SBI edition of a code as KVK registers it, from the code as read in each edition (null
 * where that edition lacks it). KVK marks no edition, so: four digits are SBI 2008 (SBI 2025
 * classes all have five-digit subclasses, which KVK registers); a code one edition lacks is the
 * other's; a code both have is the one whose title KVK's description is (94997 "Overige
 * belangenbehartiging (rest)" is SBI 2008's). When the titles are the same too, the code reads
 * the same either way and is given as SBI 2025, but only if the SBI 2008 reading leads to it.
 */
export function editionOf(
  activity: RegisteredSbi,
  in2025: SbiCodeRecord | null,
  in2008: SbiCodeRecord | null,
): SbiEditionOf {
  const as2008 = (basis: KvkSbiActivity['sbiEditionBasis']): SbiEditionOf => ({
    sbiEdition: '2008',
    sbiEditionBasis: basis,
    sbi2025: in2008?.successors ?? null,
  });
  const as2025 = (basis: KvkSbiActivity['sbiEditionBasis']): SbiEditionOf => ({
    sbiEdition: '2025',
    sbiEditionBasis: basis,
    sbi2025: null,
  });
  if (in2008 && /^\d{4}$/.test(activity.sbiCode)) return as2008('digits');
  if (!in2025 && !in2008)
    return { sbiEdition: null, sbiEditionBasis: 'unknown_code', sbi2025: null };
  if (!in2025) return as2008('only_in_edition');
  if (!in2008) return as2025('only_in_edition');
  const said = words(activity.sbiOmschrijving);
  const is2025 = said === words(in2025.title);
  const is2008 = said === words(in2008.title);
  if (is2025 && !is2008) return as2025('title');
  if (is2008 && !is2025) return as2008('title');
  const leadsHere = in2008.successors?.candidates.some((c) => c.code === activity.sbiCode);
  if (is2025 && leadsHere) return as2025('same_in_both');
  return { sbiEdition: null, sbiEditionBasis: 'undecided', sbi2025: null };
}
