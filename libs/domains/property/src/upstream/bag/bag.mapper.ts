import type { AddressRecord } from '@nl/contracts-property';
import { addressForm, objectTypeOf } from '../../address/address-form.js';
import { municipalityOfBagAddress } from '../../address/municipalities.js';
import { rdToWgs84, type LatLon } from '../../address/rd-to-wgs84.js';
import type {
  BagAddress,
  BagGeometry,
  BagVerblijfsobjectAnswer,
  BagVoorkomen,
} from './bag.types.js';

/** The features with a true flag, comma-separated (`inonderzoek` / `geconstateerd` objects). */
function trueKeys(flags: Readonly<Record<string, unknown>> | undefined): string[] {
  return Object.entries(flags ?? {})
    .filter(([, value]) => value === true)
    .map(([key]) => key);
}

/** `versie 1, geldig vanaf 2010-03-16, geregistreerd 2010-12-10T02:45:55`. */
export function occurrenceOf(voorkomen: BagVoorkomen | undefined): string | null {
  if (!voorkomen) return null;
  return [
    `versie ${voorkomen.versie}`,
    `geldig vanaf ${voorkomen.beginGeldigheid}`,
    ...(voorkomen.eindGeldigheid ? [`tot ${voorkomen.eindGeldigheid}`] : []),
    `geregistreerd ${voorkomen.tijdstipRegistratie}`,
  ].join(', ');
}

/** What of the object BAG has under investigation, from the object's answer or the address's. */
function investigationOf(address: BagAddress, vbo: BagVerblijfsobjectAnswer | null): string | null {
  const features = vbo
    ? (vbo.inonderzoek ?? []).filter((i) => i.inOnderzoek === 'J').map((i) => i.kenmerk)
    : trueKeys(address.inonderzoek);
  return features.length > 0 ? [...new Set(features)].join(', ') : null;
}

const buildYearOf = (years: readonly string[] | undefined) => {
  const year = Number.parseInt(years?.[0] ?? '', 10);
  return Number.isInteger(year) ? year : null;
};

/** The area centroid of a ring (shoelace formula); its first vertex when it has no area. */
function centroidOf(ring: readonly (readonly number[])[]): [number, number] | null {
  let area = 0;
  let cx = 0;
  let cy = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi = 0, yi = 0] = ring[i] ?? [];
    const [xj = 0, yj = 0] = ring[j] ?? [];
    const cross = xj * yi - xi * yj;
    area += cross;
    cx += (xj + xi) * cross;
    cy += (yj + yi) * cross;
  }
  if (area !== 0) return [cx / (3 * area), cy / (3 * area)];
  const [x, y] = ring[0] ?? [];
  return x === undefined || y === undefined ? null : [x, y];
}

/**
 * The WGS84 point of a BAG geometry (RD New): a verblijfsobject's point, or the centroid of a
 * ligplaats' or standplaats' area. Null without a geometry.
 */
export function pointOfGeometry(geometry: BagGeometry | undefined): LatLon | null {
  const [x, y] = geometry?.punt?.coordinates ?? [];
  const rd =
    x !== undefined && y !== undefined
      ? [x, y]
      : geometry?.vlak?.coordinates[0]
        ? centroidOf(geometry.vlak.coordinates[0])
        : null;
  return rd ? rdToWgs84(rd[0], rd[1]) : null;
}

/**
 * The address record from the BAG API: the extended address and, for a verblijfsobject, the
 * object itself (documents, observation, occurrence, secondary addresses). BAG's address names
 * no municipality and gives its location in RD New only: the municipality is CBS's for the
 * woonplaats, the WGS84 point is converted from RD (under half a metre from PDOK's own).
 */
export function toBagAddress(
  address: BagAddress,
  vbo: BagVerblijfsobjectAnswer | null,
): AddressRecord {
  const object = vbo?.verblijfsobject;
  // `/adressen` answers carry no type; digits 5–6 of the object id say it (01: verblijfsobject).
  const type =
    address.typeAdresseerbaarObject ?? objectTypeOf(address.adresseerbaarObjectIdentificatie);
  const isVbo = type === 'Verblijfsobject';
  return {
    bag_nummeraanduiding_id: address.nummeraanduidingIdentificatie,
    bag_verblijfsobject_id: isVbo ? (address.adresseerbaarObjectIdentificatie ?? null) : null,
    bag_pand_ids: [...(address.pandIdentificaties ?? object?.maaktDeelUitVan ?? [])],
    bag_openbare_ruimte_id: address.openbareRuimteIdentificatie,
    bag_woonplaats_id: address.woonplaatsIdentificatie,
    ...addressForm({
      street: address.openbareRuimteNaam,
      shortName: address.korteNaam,
      houseNumber: address.huisnummer,
      houseLetter: address.huisletter,
      addition: address.huisnummertoevoeging,
      postcode: address.postcode,
      city: address.woonplaatsNaam,
      municipality: municipalityOfBagAddress(
        address.woonplaatsIdentificatie,
        address.nummeraanduidingIdentificatie,
      ),
    }),
    usage_purposes: [...(address.gebruiksdoelen ?? object?.gebruiksdoelen ?? [])],
    surface_area_m2: address.oppervlakte ?? object?.oppervlakte ?? null,
    build_year: buildYearOf(address.oorspronkelijkBouwjaar),
    status: address.adresseerbaarObjectStatus ?? object?.status ?? null,
    type,
    is_secondary_address: address.indicatieNevenadres === true,
    is_observed: object?.geconstateerd
      ? object.geconstateerd === 'J'
      : trueKeys(address.geconstateerd).length > 0,
    in_investigation: investigationOf(address, vbo),
    document_date: object?.documentdatum ?? null,
    document_number: object?.documentnummer ?? null,
    secondary_address_ids: object ? [...(object.heeftAlsNevenAdres ?? [])] : null,
    occurrence: occurrenceOf(object?.voorkomen),
    ...(pointOfGeometry(address.adresseerbaarObjectGeometrie ?? object?.geometrie) ?? {
      lat: null,
      lon: null,
    }),
  };
}
