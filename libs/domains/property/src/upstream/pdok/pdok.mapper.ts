import type { AddressRecord, AddressSuggestion } from '@nl/contracts-property';
import type { PdokDoc } from './pdok.types.js';

/** `POINT(<lon> <lat>)`, WGS84, longitude first (pdok-locatieserver.md §5). */
const POINT = /^POINT\((-?\d+(?:\.\d+)?) (-?\d+(?:\.\d+)?)\)$/;

/** `Westeringlaan 18A-1, 5993CG Maasbree`: street, number, letter, addition, postcode, place. */
const ADDRESS_LABEL = /^.+? (\d{1,5})([A-Za-z]?)(?:-([A-Za-z0-9]{1,4}))?, ([1-9]\d{3}[A-Z]{2}) .+$/;

/** BAG object types by digits 5–6 of an adresseerbaar-object id (pdok-locatieserver.md §5). */
const OBJECT_TYPES: Readonly<Record<string, string>> = {
  '01': 'Verblijfsobject',
  '02': 'Ligplaats',
  '03': 'Standplaats',
};

export function pointOf(wkt: string | undefined): { lat: number | null; lon: number | null } {
  const match = wkt ? POINT.exec(wkt.trim()) : null;
  return match ? { lon: Number(match[1]), lat: Number(match[2]) } : { lat: null, lon: null };
}

/** The object type an adresseerbaar-object id encodes, null for another or no id. */
export function objectTypeOf(id: string | undefined): string | null {
  return (id && /^\d{16}$/.test(id) && OBJECT_TYPES[id.slice(4, 6)]) || null;
}

/** The id when it is a verblijfsobject's (not a ligplaats or standplaats). */
const verblijfsobjectOf = (id: string | undefined) =>
  objectTypeOf(id) === 'Verblijfsobject' ? (id ?? null) : null;

/**
 * One suggestion. An address document's postcode and number come from its fields, or, when
 * PDOK sent only its default fields (id, weergavenaam, type), from its label, which always
 * spells them; other types (streets, places) have none.
 */
export function toSuggestion(doc: PdokDoc): AddressSuggestion {
  const label = doc.type === 'adres' ? ADDRESS_LABEL.exec(doc.weergavenaam) : null;
  return {
    id: doc.id,
    label: doc.weergavenaam,
    type: doc.type,
    nummeraanduiding_id: doc.nummeraanduiding_id ?? null,
    verblijfsobject_id: verblijfsobjectOf(doc.adresseerbaarobject_id),
    postcode: doc.postcode ?? label?.[4] ?? null,
    house_number: doc.huisnummer ?? (label ? Number(label[1]) : null),
  };
}

/** `Europalaan 93, 3526KP Utrecht` → the line with the street and the postal line. */
function labelLines(label: string): [string | null, string | null] {
  const comma = label.indexOf(', ');
  return comma < 0 ? [label, null] : [label.slice(0, comma), label.slice(comma + 2)];
}

/** A document of one address: it names its nummeraanduiding and its house number. */
export type PdokAddressDoc = PdokDoc & {
  readonly nummeraanduiding_id: string;
  readonly huisnummer: number;
};

export function isAddressDoc(doc: PdokDoc | null | undefined): doc is PdokAddressDoc {
  return typeof doc?.nummeraanduiding_id === 'string' && Number.isInteger(doc.huisnummer);
}

/**
 * The address record as far as PDOK knows it: ids, names, number, postcode, place, municipality,
 * object type (from the id), coordinates, and the lines of its display name. What only the BAG
 * API holds is null: usage, surface, build year, status, panden, investigation, documents,
 * secondary addresses, occurrence.
 */
export function toPdokAddress(doc: PdokAddressDoc): AddressRecord {
  const [line, postal] = labelLines(doc.weergavenaam);
  return {
    bag_nummeraanduiding_id: doc.nummeraanduiding_id,
    bag_verblijfsobject_id: verblijfsobjectOf(doc.adresseerbaarobject_id),
    bag_pand_ids: null,
    bag_openbare_ruimte_id: doc.openbareruimte_id ?? null,
    bag_woonplaats_id: doc.woonplaatscode ?? null,
    street: doc.straatnaam ?? null,
    short_name: doc.straatnaam_verkort ?? null,
    house_number: doc.huisnummer,
    house_letter: doc.huisletter ?? null,
    house_number_addition: doc.huisnummertoevoeging ?? null,
    postcode: doc.postcode ?? null,
    city: doc.woonplaatsnaam ?? null,
    municipality: doc.gemeentenaam ?? null,
    address_line: line,
    address_line_postal: postal,
    usage_purposes: null,
    surface_area_m2: null,
    build_year: null,
    status: null,
    type: objectTypeOf(doc.adresseerbaarobject_id),
    is_secondary_address: doc.adrestype ? doc.adrestype === 'nevenadres' : null,
    is_observed: null,
    in_investigation: null,
    document_date: null,
    document_number: null,
    secondary_address_ids: null,
    occurrence: null,
    ...pointOf(doc.centroide_ll),
  };
}

/** The first cadastral parcel, `UTT00-R-364` → code, section, number; nulls without one. */
export function parcelOf(doc: PdokDoc | null): {
  kadastrale_gemeente_code: string | null;
  kadastrale_sectie: string | null;
  kadastraal_perceel_nummer: string | null;
} {
  const match = /^([A-Z0-9]{5})-([A-Z]{1,2})-(\d+)$/.exec(doc?.gekoppeld_perceel?.[0] ?? '');
  return {
    kadastrale_gemeente_code: match?.[1] ?? null,
    kadastrale_sectie: match?.[2] ?? null,
    kadastraal_perceel_nummer: match?.[3] ?? null,
  };
}
