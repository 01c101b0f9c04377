import type { AddressRecord, AddressSuggestion, NearbyAddress } from '@nl/contracts-property';
import { addressForm, objectTypeOf, postcodeOf } from '../../address/address-form.js';
import { municipalityName } from '../../address/municipalities.js';
import type { PdokDoc } from './pdok.types.js';

/** `POINT(<lon> <lat>)`: PDOK writes WGS84 points longitude first. */
const POINT = /^POINT\((-?\d+(?:\.\d+)?) (-?\d+(?:\.\d+)?)\)$/;

/** `Westeringlaan 18A-1, 5993CG Maasbree`: street, number, letter, addition, postcode, place. */
const ADDRESS_LABEL =
  /^.+? (\d{1,5})([A-Za-z]?)(?:-([A-Za-z0-9]{1,4}))?, ([1-9]\d{3} ?[A-Za-z]{2}) .+$/;
/** `Bolognalaan, 3584CJ Utrecht`: a postcode document names its street, postcode and place. */
const POSTCODE_LABEL = /, ([1-9]\d{3} ?[A-Za-z]{2}) \S/;

export function pointOf(wkt: string | undefined): { lat: number | null; lon: number | null } {
  const match = wkt ? POINT.exec(wkt.trim()) : null;
  return match ? { lon: Number(match[1]), lat: Number(match[2]) } : { lat: null, lon: null };
}

/** The id when it is a verblijfsobject's (not a ligplaats or standplaats). */
const verblijfsobjectOf = (id: string | undefined) =>
  objectTypeOf(id) === 'Verblijfsobject' ? (id ?? null) : null;

/**
 * One suggestion. An address or postcode document's postcode (and an address's number) come
 * from its fields, or, when PDOK sent only its default fields (id, weergavenaam, type), from its
 * label, which always spells them; other types (streets, places) have none. The postcode is in
 * the record's form (`3584CJ`).
 */
export function toSuggestion(doc: PdokDoc): AddressSuggestion {
  const label = doc.type === 'adres' ? ADDRESS_LABEL.exec(doc.weergavenaam) : null;
  const postcodeLabel = doc.type === 'postcode' ? POSTCODE_LABEL.exec(doc.weergavenaam) : null;
  return {
    id: doc.id,
    label: doc.weergavenaam,
    type: doc.type,
    nummeraanduiding_id: doc.nummeraanduiding_id ?? null,
    verblijfsobject_id: verblijfsobjectOf(doc.adresseerbaarobject_id),
    postcode: postcodeOf(doc.postcode ?? label?.[4] ?? postcodeLabel?.[1]),
    house_number: doc.huisnummer ?? (label ? Number(label[1]) : null),
  };
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
 * The address record as far as PDOK knows it: ids, names, number, postcode, place, municipality
 * (CBS's name for PDOK's municipality code, so it is spelled as for an address only BAG knows),
 * object type (from the id), coordinates, and the two NEN 5825 lines composed as BAG composes
 * them. PDOK's `straatnaam_verkort` is its own abbreviation (`Europaln`), not BAG's short name,
 * so it stands in only for a street name too long to be its own short name. What only the BAG
 * API holds is null: usage, surface, build year, status, panden, investigation, documents,
 * secondary addresses, occurrence.
 */
export function toPdokAddress(doc: PdokAddressDoc): AddressRecord {
  return {
    bag_nummeraanduiding_id: doc.nummeraanduiding_id,
    bag_verblijfsobject_id: verblijfsobjectOf(doc.adresseerbaarobject_id),
    bag_pand_ids: null,
    bag_openbare_ruimte_id: doc.openbareruimte_id ?? null,
    bag_woonplaats_id: doc.woonplaatscode ?? null,
    ...addressForm({
      street: doc.straatnaam,
      shortName: doc.straatnaam_verkort,
      houseNumber: doc.huisnummer,
      houseLetter: doc.huisletter,
      addition: doc.huisnummertoevoeging,
      postcode: doc.postcode,
      city: doc.woonplaatsnaam,
      municipality: municipalityName(doc.gemeentecode) ?? doc.gemeentenaam,
    }),
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

/** A WGS84 point. */
export interface Point {
  readonly lat: number;
  readonly lon: number;
}

/** The mean earth radius (IUGG), in metres. */
const EARTH_RADIUS_M = 6_371_008.8;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle (haversine) distance in metres between two WGS84 points. */
export function metresBetween(a: Point, b: Point): number {
  const dLat = radians(b.lat - a.lat);
  const dLon = radians(b.lon - a.lon);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The addresses of a `/reverse` answer within `radiusM` of the point, nearest first, each with
 * its distance (PDOK's `afstand`, else measured from its point) to a tenth of a metre and its
 * record as `bag/id` has it from PDOK. Documents that are no address, or have neither a distance
 * nor a point, are left out.
 */
export function toNearby(docs: readonly PdokDoc[], point: Point, radiusM: number): NearbyAddress[] {
  const nearby: NearbyAddress[] = [];
  for (const doc of docs) {
    if (!isAddressDoc(doc)) continue;
    const address = toPdokAddress(doc);
    const { lat, lon } = address;
    const metres =
      typeof doc.afstand === 'number' && Number.isFinite(doc.afstand)
        ? doc.afstand
        : lat !== null && lon !== null
          ? metresBetween(point, { lat, lon })
          : null;
    if (metres === null || metres > radiusM) continue;
    nearby.push({ distance_m: Math.round(metres * 10) / 10, address });
  }
  return nearby.sort((a, b) => a.distance_m - b.distance_m);
}
