/**
 * Dutch licence plates ("kentekens"): the 14 sidecodes of the Regeling kentekens en
 * kentekenplaten (L = letter, 9 = digit), with the dash positions used to display them.
 */
export const SIDECODES: readonly { readonly sidecode: number; readonly pattern: string }[] = [
  { sidecode: 1, pattern: 'LL-99-99' },
  { sidecode: 2, pattern: '99-99-LL' },
  { sidecode: 3, pattern: '99-LL-99' },
  { sidecode: 4, pattern: 'LL-99-LL' },
  { sidecode: 5, pattern: 'LL-LL-99' },
  { sidecode: 6, pattern: '99-LL-LL' },
  { sidecode: 7, pattern: '99-LLL-9' },
  { sidecode: 8, pattern: '9-LLL-99' },
  { sidecode: 9, pattern: 'LL-999-L' },
  { sidecode: 10, pattern: 'L-999-LL' },
  { sidecode: 11, pattern: 'LLL-99-L' },
  { sidecode: 12, pattern: 'L-99-LLL' },
  { sidecode: 13, pattern: '9-LL-999' },
  { sidecode: 14, pattern: '999-LL-9' },
];

const MATCHERS = SIDECODES.map(({ sidecode, pattern }) => ({
  sidecode,
  pattern,
  regex: new RegExp(`^${pattern.replace(/-/g, '').replace(/L/g, '[A-Z]').replace(/9/g, '[0-9]')}$`),
}));

const CLASSES: Readonly<Record<string, string>> = { L: '[A-Za-z]', '9': '[0-9]' };

/** `LL-99-99` as sent: either case, one space, dot or hyphen allowed between any two characters. */
function inputPattern(sidecode: string): string {
  const [first, ...rest] = sidecode.replace(/-/g, '');
  let out = CLASSES[first];
  for (let i = 0; i < rest.length;) {
    let run = 1;
    while (rest[i + run] === rest[i]) run++;
    out += `(?:[ .-]?${CLASSES[rest[i]]})${run > 1 ? `{${run}}` : ''}`;
    i += run;
  }
  return out;
}

/**
 * A Dutch plate as a caller may send it: the six characters of one of the 14 sidecodes, in
 * either case, with one space, dot or hyphen allowed between any two (`TT-601-D`, `tt601d`).
 */
export const PLATE_INPUT = new RegExp(
  `^(?:${SIDECODES.map((s) => inputPattern(s.pattern)).join('|')})$`,
  'u',
);

/** Upper case, without spaces, hyphens and dots: the form the registry stores. */
export function normalisePlate(raw: string): string {
  return raw.toUpperCase().replace(/[\s\-.]+/g, '');
}

/** The sidecode of a normalised plate, or null when it fits none of the 14. */
export function sidecodeOf(plate: string): number | null {
  return MATCHERS.find((m) => m.regex.test(plate))?.sidecode ?? null;
}

/** `TT601D` → `TT-601-D`, by its sidecode; the plate itself when it has none. */
export function formatPlate(plate: string): string {
  const matcher = MATCHERS.find((m) => m.regex.test(plate));
  if (!matcher) return plate;
  let out = '';
  let i = 0;
  for (const char of matcher.pattern) out += char === '-' ? '-' : plate[i++];
  return out;
}
