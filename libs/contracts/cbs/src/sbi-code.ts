/** The five levels of SBI 2025, top down. */
export const SBI_LEVELS = ['section', 'division', 'group', 'class', 'subclass'] as const;
export type SbiLevel = (typeof SBI_LEVELS)[number];

/**
 * The SBI editions the API reads: 2025, which KVK registers since September 2025, and 2008, which
 * older KVK answers carry (its four-digit classes are NACE Rev. 2 classes, SBI 2025's are NACE
 * Rev. 2.1, and the same digits can name different activities in the two).
 */
export const SBI_EDITIONS = ['2008', '2025'] as const;
export type SbiEdition = (typeof SBI_EDITIONS)[number];

/** A section letter, or 2 to 5 digits (after dots and spaces are removed). */
export const SBI_CODE_PATTERN = /^(?:[A-Z]|\d{2,5})$/;

/**
 * An SBI code as a caller may write it: a section letter in either case, or 2 to 5 digits with
 * a dot allowed before each digit after the first two (`62.10`, `6210`, `62.10.0`).
 */
export const SBI_CODE_INPUT = /^(?:[A-Za-z]|[0-9]{2}(?:\.?[0-9]){0,3})$/u;

/**
 * Normalises the ways people write SBI codes to the compact form the table uses:
 * `62.10`, `62.10.0`, ` 6210 ` and `6210` → `6210`/`62100`; `k` → `K`.
 * Returns the input unchanged when it is not a string, so validation can report it.
 */
export function normalizeSbiCode(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  return value.replace(/[\s.]/g, '').toUpperCase();
}

/** CBS's dotted notation of a compact code: `62100` → `62.10.0`, `621` → `62.1`. */
export function dottedSbiCode(code: string): string {
  if (!/^\d{3,5}$/.test(code)) return code;
  const [division, rest] = [code.slice(0, 2), code.slice(2)];
  return rest.length <= 2
    ? `${division}.${rest}`
    : `${division}.${rest.slice(0, 2)}.${rest.slice(2)}`;
}
