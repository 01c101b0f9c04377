import {
  austria,
  belgium,
  bulgaria,
  checkVAT,
  croatia,
  cyprus,
  czechRepublic,
  denmark,
  estonia,
  finland,
  france,
  germany,
  greece,
  hungary,
  ireland,
  italy,
  latvia,
  lithuania,
  luxembourg,
  malta,
  netherlands,
  poland,
  portugal,
  romania,
  slovakiaRepublic,
  slovenia,
  spain,
  sweden,
  unitedKingdom,
  type Country,
} from 'jsvat';

export type VatCheck =
  | {
      readonly ok: true;
      /** VIES country code: EL for Greece, XI for Northern Ireland. */
      readonly countryCode: string;
      /** The number without its prefix, as VIES wants it. */
      readonly number: string;
      readonly vatNumber: string;
    }
  | {
      readonly ok: false;
      readonly reason: 'unsupported_country' | 'invalid_format' | 'invalid_checksum';
      readonly countryCode: string | null;
      /** The input, normalised. */
      readonly vatNumber: string;
      readonly message: string;
    };

interface Rule {
  readonly country: Country;
  /** The prefix jsvat expects for this country's rules. */
  readonly jsvatPrefix: string;
  readonly format: string;
}

/**
 * The 27 member states and Northern Ireland, with the rules jsvat implements (checksums are
 * not hand-written here). XI numbers follow the UK rules, which jsvat only knows under GB.
 */
const RULES: Readonly<Record<string, Rule>> = {
  AT: { country: austria, jsvatPrefix: 'AT', format: 'U and 8 digits (ATU12345678)' },
  BE: {
    country: belgium,
    jsvatPrefix: 'BE',
    format: '10 digits starting with 0 or 1 (BE0123456789)',
  },
  BG: { country: bulgaria, jsvatPrefix: 'BG', format: '9 or 10 digits' },
  CY: { country: cyprus, jsvatPrefix: 'CY', format: '8 digits and a letter (CY12345678X)' },
  CZ: { country: czechRepublic, jsvatPrefix: 'CZ', format: '8 to 10 digits' },
  DE: { country: germany, jsvatPrefix: 'DE', format: '9 digits (DE123456789)' },
  DK: { country: denmark, jsvatPrefix: 'DK', format: '8 digits' },
  EE: { country: estonia, jsvatPrefix: 'EE', format: '9 digits starting with 10' },
  EL: { country: greece, jsvatPrefix: 'EL', format: '9 digits (EL123456789; GR is accepted too)' },
  ES: {
    country: spain,
    jsvatPrefix: 'ES',
    format: '9 characters, a letter or digit at each end (ESX1234567X)',
  },
  FI: { country: finland, jsvatPrefix: 'FI', format: '8 digits' },
  FR: {
    country: france,
    jsvatPrefix: 'FR',
    format: '2 key characters and the 9-digit SIREN (FR12345678901)',
  },
  HR: { country: croatia, jsvatPrefix: 'HR', format: '11 digits' },
  HU: { country: hungary, jsvatPrefix: 'HU', format: '8 digits' },
  IE: { country: ireland, jsvatPrefix: 'IE', format: '7 digits and 1 or 2 letters (IE1234567WA)' },
  IT: { country: italy, jsvatPrefix: 'IT', format: '11 digits' },
  LT: { country: lithuania, jsvatPrefix: 'LT', format: '9 or 12 digits' },
  LU: { country: luxembourg, jsvatPrefix: 'LU', format: '8 digits' },
  LV: { country: latvia, jsvatPrefix: 'LV', format: '11 digits' },
  MT: { country: malta, jsvatPrefix: 'MT', format: '8 digits' },
  NL: {
    country: netherlands,
    jsvatPrefix: 'NL',
    format: '9 digits, the letter B and 2 digits (NL123456789B01)',
  },
  PL: { country: poland, jsvatPrefix: 'PL', format: '10 digits' },
  PT: { country: portugal, jsvatPrefix: 'PT', format: '9 digits' },
  RO: { country: romania, jsvatPrefix: 'RO', format: '2 to 10 digits' },
  SE: { country: sweden, jsvatPrefix: 'SE', format: '12 digits ending in 01' },
  SI: { country: slovenia, jsvatPrefix: 'SI', format: '8 digits' },
  SK: { country: slovakiaRepublic, jsvatPrefix: 'SK', format: '10 digits' },
  XI: {
    country: unitedKingdom,
    jsvatPrefix: 'GB',
    format: '9 or 12 digits, or GD/HA and 3 digits (XI123456789)',
  },
};

export const VAT_COUNTRIES = Object.keys(RULES);

/** Upper case without spaces, dots, dashes, slashes, commas or underscores. */
export function normaliseVatInput(raw: string): string {
  return raw.toUpperCase().replace(/[\s.\-/,_]+/g, '');
}

/**
 * Format and checksum of an EU VAT number, before any VIES call: a number that fails here
 * would cost an upstream round trip for a certain "invalid".
 */
export function checkVatNumber(raw: string): VatCheck {
  const vatNumber = normaliseVatInput(raw);
  const fail = (
    reason: 'unsupported_country' | 'invalid_format' | 'invalid_checksum',
    countryCode: string | null,
    message: string,
  ): VatCheck => ({ ok: false, reason, countryCode, vatNumber, message });

  const prefix = vatNumber.slice(0, 2);
  if (!/^[A-Z]{2}$/.test(prefix))
    return fail(
      'invalid_format',
      null,
      'A VAT number starts with its two-letter country prefix, e.g. NL123456789B01 or DE123456789.',
    );
  if (prefix === 'GB')
    return fail(
      'unsupported_country',
      'GB',
      'GB VAT numbers are not in VIES since Brexit; only Northern Ireland traders can be checked, with the prefix XI.',
    );
  const countryCode = prefix === 'GR' ? 'EL' : prefix;
  const rule = RULES[countryCode];
  if (!rule)
    return fail(
      'unsupported_country',
      prefix,
      `${prefix} is not an EU member state in VIES; supported prefixes are ${VAT_COUNTRIES.join(', ')} (and GR for Greece).`,
    );

  let number = vatNumber.slice(2);
  // Old 9-digit Belgian numbers and 8-digit Greek numbers gain a leading 0.
  if ((countryCode === 'BE' || countryCode === 'EL') && /^\d+$/.test(number)) {
    if (countryCode === 'BE' && number.length === 9) number = `0${number}`;
    if (countryCode === 'EL' && number.length === 8) number = `0${number}`;
  }
  const formatMessage = `${countryCode} VAT numbers have ${rule.format}.`;
  if (!/^[0-9A-Z+*]{2,12}$/.test(number)) return fail('invalid_format', countryCode, formatMessage);

  const result = checkVAT(`${rule.jsvatPrefix}${number}`, [rule.country]);
  if (!result.isValidFormat) return fail('invalid_format', countryCode, formatMessage);
  if (!result.isValid)
    return fail(
      'invalid_checksum',
      countryCode,
      `${countryCode}${number} fails the ${countryCode} check-digit rule, so it cannot be a valid VAT number; check for a typing error.`,
    );
  return { ok: true, countryCode, number, vatNumber: `${countryCode}${number}` };
}
