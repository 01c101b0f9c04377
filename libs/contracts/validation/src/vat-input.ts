/**
 * The forms of EU VAT numbers after their country prefix, as jsvat checks them (its format
 * rules, written here as patterns a document can carry), with the two repairs `checkVatNumber`
 * makes first: old 9-digit Belgian and 8-digit Greek numbers gain a leading 0. `VAT_INPUT` is
 * the one pattern of the request: the prefix and one of its country's forms, either case, one
 * space, dot or hyphen allowed between any two characters. A test holds the forms to jsvat.
 */
export const VAT_FORMS: Readonly<Record<string, readonly string[]>> = {
  AT: ['U[0-9]{8}'],
  BE: ['[0-9]{9}', '0[0-9]{9}'],
  BG: ['[0-9]{9,10}'],
  CY: ['[0-59][0-9]{7}[A-Z]'],
  CZ: ['[0-9]{8,12}'],
  DE: ['[1-9][0-9]{8}'],
  DK: ['[0-9]{8}'],
  EE: ['10[0-9]{7}'],
  EL: ['[0-9]{8,9}'],
  ES: ['[A-Z][0-9]{8}', '[A-HN-SW][0-9]{7}[A-J]', '[0-9YZ][0-9]{7}[A-Z]', '[KLMX][0-9]{7}[A-Z]'],
  FI: ['[0-9]{8}'],
  FR: ['[0-9]{11}', '[A-HJ-NP-Z][0-9]{10}', '[0-9][A-HJ-NP-Z][0-9]{9}', '[A-HJ-NP-Z]{2}[0-9]{9}'],
  HR: ['[0-9]{11}'],
  HU: ['[0-9]{8}'],
  IE: ['[0-9]{7}[A-W]', '[7-9][A-Z*+][0-9]{5}[A-W]', '[0-9]{7}[A-W][AH]'],
  IT: ['[0-9]{11}'],
  LT: ['[0-9]{9}', '[0-9]{12}'],
  LU: ['[0-9]{8}'],
  LV: ['[0-9]{11}'],
  MT: ['[1-9][0-9]{7}'],
  NL: ['[0-9]{9}B[0-9]{2}'],
  PL: ['[0-9]{10}'],
  PT: ['[0-9]{9}'],
  RO: ['[1-9][0-9]{1,9}'],
  SE: ['[0-9]{10}01'],
  SI: ['[1-9][0-9]{7}'],
  SK: ['[1-9][0-9][2346-9][0-9]{7}'],
  XI: ['[0-9]{9}', '[0-9]{12}', 'GD[0-9]{3}', 'HA[0-9]{3}'],
};

/** Prefixes a caller may write for a country: Greece as EL or GR. */
const PREFIXES: Readonly<Record<string, readonly string[]>> = { EL: ['EL', 'GR'] };

const ATOM = /(\[[^\]]+\]|[A-Z0-9])(\{[0-9]+(?:,[0-9]+)?\})?/g;

/** A character class of upper-case letters (and digits, `+`, `*`) that takes lower case too. */
function caseless(atom: string): string {
  const body = atom.startsWith('[') ? atom.slice(1, -1) : atom;
  const letters = body.match(/[A-Z](?:-[A-Z])?/g) ?? [];
  return `[${body}${letters.join('').toLowerCase()}]`.replace(/^\[([0-9])\]$/, '$1');
}

/** A form as sent: every character but a prefix's first may follow one separator. */
function sent(form: string, prefix: boolean): string {
  return [...form.matchAll(ATOM)]
    .map(([, atom, count], i) =>
      prefix && i === 0 ? caseless(atom) : `(?:[ .-]?${caseless(atom)})${count ?? ''}`,
    )
    .join('');
}

export const VAT_INPUT = new RegExp(
  `^(?:${Object.entries(VAT_FORMS)
    .flatMap(([country, forms]) =>
      (PREFIXES[country] ?? [country]).map(
        (prefix) => `${sent(prefix, true)}(?:${forms.map((f) => sent(f, false)).join('|')})`,
      ),
    )
    .join('|')})$`,
  'u',
);
