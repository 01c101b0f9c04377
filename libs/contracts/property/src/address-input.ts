import { BLANK } from '@nl/contracts-core';

/**
 * The address inputs of every property endpoint, as the product spec writes their patterns
 * (Endpoints → Property), and their one normal form, so that equivalent inputs (`1012ab`,
 * `1012 AB`, ` 1012AB `) are one lookup and one cache entry.
 */

/**
 * Spec: `^[1-9][0-9]{3}\s?[A-Za-z]{2}$` (four digits, no leading zero, two letters), its `\s`
 * written out as the blanks the text rule lets through (JavaScript's `\s` less the vertical tab
 * and form feed it refuses), so that every engine reads the same set.
 */
export const POSTCODE_PATTERN = new RegExp(`^[1-9][0-9]{3}${BLANK}?[A-Za-z]{2}$`, 'u');
/** Spec: `^[a-zA-Z]{1}$`. */
export const HOUSE_LETTER_PATTERN = /^[A-Za-z]$/u;
/** Spec: `^[a-zA-Z0-9]{1,4}$`. */
export const HOUSE_NUMBER_ADDITION_PATTERN = /^[A-Za-z0-9]{1,4}$/u;
/** A BAG nummeraanduiding id: 16 digits (gemeente code, object type 20, serial). */
export const BAG_ID_PATTERN = /^[0-9]{16}$/u;
export const HOUSE_NUMBER_MIN = 1;
export const HOUSE_NUMBER_MAX = 99_999;

const BLANKS = new RegExp(BLANK, 'gu');

/** `1012 ab` → `1012AB`: the one optional blank dropped, upper case. */
export function normalisePostcode(postcode: string): string {
  return postcode.replace(BLANKS, '').toUpperCase();
}

/**
 * House letters and additions compare without regard to case (BAG writes `c`, PDOK's labels
 * `C`): the normal form is upper case.
 */
export function normaliseAddressPart(part: string): string {
  return part.toUpperCase();
}

/**
 * Autocomplete text: trimmed, runs of blanks as one space, lower case (PDOK matches without
 * regard to case); a text that is a postcode alone becomes the postcode's normal form, so
 * `1012 ab` and `1012AB` share one cache entry.
 */
export function normaliseSuggestText(text: string): string {
  const collapsed = text.replace(new RegExp(`${BLANK}+`, 'gu'), ' ').trim();
  return POSTCODE_PATTERN.test(collapsed) ? normalisePostcode(collapsed) : collapsed.toLowerCase();
}

/** One address as the property endpoints take it, in normal form. */
export interface AddressKey {
  readonly postcode: string;
  readonly house_number: number;
  readonly house_letter?: string;
  readonly house_number_addition?: string;
}

/** The cache-key form of an address: `3526KP:93::`, `1011PN:1:A:2`. */
export function addressKeyOf(address: AddressKey): string {
  return [
    address.postcode,
    address.house_number,
    address.house_letter ?? '',
    address.house_number_addition ?? '',
  ].join(':');
}
