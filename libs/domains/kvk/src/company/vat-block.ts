import type { KvkVat } from '@nl/contracts-kvk';
import { checkVAT, countries } from 'jsvat';

/**
 * The Dutch VAT number of a legal entity as derived from its RSIN: `NL` + RSIN + `B01` (the
 * usual first branch number). A sole proprietorship has no RSIN, so no number can be derived.
 */
export function vatNumberOf(rsin: string | null): string | null {
  return rsin ? `NL${rsin}B01` : null;
}

/**
 * The `vat` block before any VIES check: the number (the `vat` given, else the derived one),
 * its check digits judged locally, and the status: `match`/`mismatch` when a given number can
 * be compared with the derived one, `unknown` without any number, else `unvalidated`.
 */
export function vatBlock(rsin: string | null, given: string | undefined): KvkVat {
  const derived = vatNumberOf(rsin);
  const number = given ?? derived;
  const status =
    number === null
      ? 'unknown'
      : given !== undefined && derived !== null
        ? given === derived
          ? 'match'
          : 'mismatch'
        : 'unvalidated';
  return {
    number,
    rsin,
    checksumValid: number === null ? null : checkVAT(number, countries).isValid,
    valid: null,
    status,
    validatedAt: null,
  };
}

/**
 * Whether VIES may judge the block's number: only a number known to be the company's own (the
 * derived one, or a `vat` equal to it). Ownership comes before validity: another company's
 * number stays `mismatch` whatever VIES says of it, and a number given for a company without
 * RSIN cannot be tied to it, so it stays `unvalidated` (`/v1/validate/vat` judges any number).
 */
export function viesMayJudge(vat: KvkVat): boolean {
  return vat.status === 'match' || (vat.status === 'unvalidated' && vat.rsin !== null);
}
