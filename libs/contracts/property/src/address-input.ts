/**
 * The address inputs of every property endpoint, as the product spec writes their patterns
 * (Endpoints → Property), and their one normal form, so that equivalent inputs (`1012ab`,
 * `1012 AB`, ` 1012AB `) are one lookup and one cache entry.
 */

/** Spec: `^[1-9][0-9]{3}\s?[A-Za-z]{2}$` (four digits, no leading zero, two letters). */
export const POSTCODE_PATTERN = /^[1-9][0-9]{3}\s?[A-Za-z]{2}$/;
/** Spec: `^[a-zA-Z]{1}$`. */
export const HOUSE_LETTER_PATTERN = /^[a-zA-Z]$/;
/** Spec: `^[a-zA-Z0-9]{1,4}$`. */
export const HOUSE_NUMBER_ADDITION_PATTERN = /^[a-zA-Z0-9]{1,4}$/;
/** A BAG nummeraanduiding id: 16 digits (gemeente code, object type 20, serial). */
export const BAG_ID_PATTERN = /^[0-9]{16}$/;
export const HOUSE_NUMBER_MIN = 1;
export const HOUSE_NUMBER_MAX = 99_999;

/**
 * `1012 ab` → `1012AB`: trimmed, the one optional space dropped, upper case. Anything that does
 * not fit the pattern is returned trimmed, for the validator to refuse.
 */
export function normalisePostcode(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const trimmed = value.trim();
  return POSTCODE_PATTERN.test(trimmed) ? trimmed.replace(/\s/, '').toUpperCase() : trimmed;
}

/**
 * House letters and additions compare without regard to case (BAG writes `c`, PDOK's labels
 * `C`): the normal form is upper case, trimmed; an empty value means none.
 */
export function normaliseAddressPart(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed.toUpperCase();
}

/** Whitespace around an id is dropped; nothing else is changed. */
export function normaliseId(value: unknown): unknown {
  return typeof value === 'string' ? value.trim() : value;
}

/**
 * Autocomplete text: trimmed, runs of whitespace as one space, lower case (PDOK matches without
 * regard to case); a text that is a postcode alone becomes the postcode's normal form, so
 * `1012 ab` and `1012AB` share one cache entry.
 */
export function normaliseSuggestText(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim().replace(/\s+/g, ' ');
  return POSTCODE_PATTERN.test(text) ? (normalisePostcode(text) as string) : text.toLowerCase();
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
