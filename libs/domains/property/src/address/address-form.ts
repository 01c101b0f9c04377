import type { AddressRecord } from '@nl/contracts-property';

/** What each source knows of an address, as it spells it. */
export interface AddressParts {
  readonly street: string | null | undefined;
  /** The source's short street name, if it has one. */
  readonly shortName: string | null | undefined;
  readonly houseNumber: number;
  readonly houseLetter: string | null | undefined;
  readonly addition: string | null | undefined;
  readonly postcode: string | null | undefined;
  readonly city: string | null | undefined;
  readonly municipality: string | null | undefined;
}

/** The members every source fills alike, so PDOK and BAG answer one address identically. */
export type AddressForm = Pick<
  AddressRecord,
  | 'street'
  | 'short_name'
  | 'house_number'
  | 'house_letter'
  | 'house_number_addition'
  | 'postcode'
  | 'city'
  | 'municipality'
  | 'address_line'
  | 'address_line_postal'
>;

/** BAG object types by digits 5–6 of an adresseerbaar-object id. */
const OBJECT_TYPES: Readonly<Record<string, string>> = {
  '01': 'Verblijfsobject',
  '02': 'Ligplaats',
  '03': 'Standplaats',
};

/** The object type an adresseerbaar-object id encodes, null for another or no id. */
export function objectTypeOf(id: string | undefined): string | null {
  return (id && /^\d{16}$/.test(id) && OBJECT_TYPES[id.slice(4, 6)]) || null;
}

/** NEN 5825 keeps a street name of up to 24 characters as its short name. */
const SHORT_NAME_MAX = 24;
const POSTCODE = /^([1-9]\d{3}) ?([A-Z]{2})$/;

/** Trimmed, runs of whitespace as one space; empty is none. */
const text = (value: string | null | undefined) => value?.trim().replace(/\s+/g, ' ') || null;

/** `3526 kp` → `3526KP`; anything that is not a postcode is none. */
export function postcodeOf(value: string | null | undefined): string | null {
  const match = POSTCODE.exec(text(value)?.toUpperCase() ?? '');
  return match ? `${match[1]}${match[2]}` : null;
}

/**
 * BAG's short name is the street's own name when that has at most 24 characters; a longer name
 * has a registered abbreviation, which only a source that holds it can give.
 */
function shortNameOf(street: string | null, shortName: string | null): string | null {
  if (street && street.length <= SHORT_NAME_MAX) return street;
  return shortName && shortName.length <= SHORT_NAME_MAX ? shortName : null;
}

/**
 * NEN 5825's address line, as BAG composes `adresregel5`: short name, number, then letter and
 * addition written together, after a hyphen when they start with a digit, else a space
 * (`Dorpsstraat 15 C`, `Belgiëlaan 1 A3`, `Bornsesteeg 1-5A3`).
 */
function addressLine(
  name: string | null,
  number: number,
  letter: string | null,
  addition: string | null,
) {
  const suffix = `${letter ?? ''}${addition ?? ''}`;
  const line = `${name ?? ''} ${number}`.trim();
  if (!suffix) return line;
  return `${line}${/^\d/.test(suffix) ? '-' : ' '}${suffix}`;
}

/**
 * NEN 5825's postal line as BAG composes `adresregel6` (`2631 CR  NOOTDORP`), with one space
 * where BAG puts two: the postcode with a space, then the place in capitals.
 */
function postalLine(postcode: string | null, city: string | null): string | null {
  const place = city?.toUpperCase() ?? null;
  if (!postcode) return place;
  return [`${postcode.slice(0, 4)} ${postcode.slice(4)}`, place].filter(Boolean).join(' ');
}

/**
 * One normal form for both sources: postcode `1082GB` (the spec: four digits, two letters, no
 * space), house letter in capitals (BAG registers `c` where PDOK's labels write `C`), single
 * spaces, and both address lines composed by NEN 5825's rules from these members, so they are the
 * same whichever source answered.
 */
export function addressForm(parts: AddressParts): AddressForm {
  const street = text(parts.street);
  const shortName = shortNameOf(street, text(parts.shortName));
  const letter = text(parts.houseLetter)?.toUpperCase() ?? null;
  const addition = text(parts.addition);
  const postcode = postcodeOf(parts.postcode);
  const city = text(parts.city);
  return {
    street,
    short_name: shortName,
    house_number: parts.houseNumber,
    house_letter: letter,
    house_number_addition: addition,
    postcode,
    city,
    municipality: text(parts.municipality),
    address_line: addressLine(shortName ?? street, parts.houseNumber, letter, addition),
    address_line_postal: postalLine(postcode, city),
  };
}
