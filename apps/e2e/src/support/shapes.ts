import { expect } from '@jest/globals';

/** Member-by-member checks of answers against the spec's field tables, shared by the e2e specs. */

export type Kind =
  | 'timestamp'
  | 'object'
  | 'id16'
  | 'string'
  | 'integer'
  | 'number'
  | 'boolean'
  | 'date'
  | 'postcode'
  | 'string[]';

/** A member's kind; `?` marks the spec's `T|null`. */
export type Shape = Record<string, `${Kind}${'' | '?'}`>;

/** The spec's address record: every member and its type. */
export const ADDRESS: Shape = {
  bag_nummeraanduiding_id: 'id16',
  bag_verblijfsobject_id: 'string',
  bag_pand_ids: 'string[]',
  bag_openbare_ruimte_id: 'string',
  bag_woonplaats_id: 'string',
  street: 'string?',
  short_name: 'string?',
  house_number: 'integer',
  house_letter: 'string?',
  house_number_addition: 'string?',
  postcode: 'postcode',
  city: 'string',
  municipality: 'string',
  address_line: 'string',
  address_line_postal: 'string',
  usage_purposes: 'string[]',
  surface_area_m2: 'integer?',
  build_year: 'integer?',
  status: 'string?',
  type: 'string?',
  is_secondary_address: 'boolean',
  is_observed: 'boolean?',
  in_investigation: 'string?',
  document_date: 'date?',
  document_number: 'string?',
  secondary_address_ids: 'string[]',
  occurrence: 'string?',
  lat: 'number?',
  lon: 'number?',
};

/** The members of the address record only the BAG API has: null in a record PDOK answered alone. */
export const ADDRESS_BAG_ONLY = [
  'bag_pand_ids',
  'usage_purposes',
  'surface_area_m2',
  'build_year',
  'status',
  'is_observed',
  'in_investigation',
  'document_date',
  'document_number',
  'secondary_address_ids',
  'occurrence',
];

const TESTS: Record<Kind, (value: unknown) => boolean> = {
  id16: (v) => typeof v === 'string' && /^\d{16}$/.test(v),
  string: (v) => typeof v === 'string',
  integer: (v) => Number.isInteger(v),
  number: (v) => typeof v === 'number' && Number.isFinite(v),
  boolean: (v) => typeof v === 'boolean',
  date: (v) => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v),
  postcode: (v) => typeof v === 'string' && /^[1-9]\d{3}[A-Z]{2}$/.test(v),
  'string[]': (v) => Array.isArray(v) && v.every((item) => typeof item === 'string'),
  timestamp: (v) =>
    typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?$/.test(v),
  object: (v) => typeof v === 'object' && v !== null && !Array.isArray(v),
};

/** Every member present, nothing else, each of its type (null only where the spec allows). */
export function expectShape(
  object: Record<string, unknown>,
  shape: Record<string, string>,
  alsoNull: readonly string[] = [],
) {
  expect(Object.keys(object).sort()).toEqual(Object.keys(shape).sort());
  for (const [key, spec] of Object.entries(shape)) {
    const value = object[key];
    const nullable = spec.endsWith('?') || alsoNull.includes(key);
    const kind = spec.replace('?', '') as Kind;
    expect({ key, ok: (value === null && nullable) || TESTS[kind](value) }).toEqual({
      key,
      ok: true,
    });
  }
}
