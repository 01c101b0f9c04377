import type { AddressRecord } from '@nl/contracts-property';
import type { BagAddress, BagVerblijfsobjectAnswer, BagVoorkomen } from './bag.types.js';

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

/**
 * The address record from the BAG API: the extended address and, for a verblijfsobject, the
 * object itself (documents, observation, occurrence, secondary addresses). Municipality and
 * WGS84 coordinates are not in BAG (RD only): null here, PDOK fills them.
 */
export function toBagAddress(
  address: BagAddress,
  vbo: BagVerblijfsobjectAnswer | null,
): AddressRecord {
  const object = vbo?.verblijfsobject;
  // `/adressen` answers carry no type; digits 5–6 of the object id say it (01: verblijfsobject).
  const isVbo = address.typeAdresseerbaarObject
    ? address.typeAdresseerbaarObject === 'Verblijfsobject'
    : /^\d{4}01\d{10}$/.test(address.adresseerbaarObjectIdentificatie ?? '');
  return {
    bag_nummeraanduiding_id: address.nummeraanduidingIdentificatie,
    bag_verblijfsobject_id: isVbo ? (address.adresseerbaarObjectIdentificatie ?? null) : null,
    bag_pand_ids: [...(address.pandIdentificaties ?? object?.maaktDeelUitVan ?? [])],
    bag_openbare_ruimte_id: address.openbareRuimteIdentificatie,
    bag_woonplaats_id: address.woonplaatsIdentificatie,
    street: address.openbareRuimteNaam,
    short_name: address.korteNaam ?? null,
    house_number: address.huisnummer,
    house_letter: address.huisletter ?? null,
    house_number_addition: address.huisnummertoevoeging ?? null,
    postcode: address.postcode ?? null,
    city: address.woonplaatsNaam,
    municipality: null,
    address_line: address.adresregel5 ?? null,
    address_line_postal: address.adresregel6 ?? null,
    usage_purposes: [...(address.gebruiksdoelen ?? object?.gebruiksdoelen ?? [])],
    surface_area_m2: address.oppervlakte ?? object?.oppervlakte ?? null,
    build_year: buildYearOf(address.oorspronkelijkBouwjaar),
    status: address.adresseerbaarObjectStatus ?? object?.status ?? null,
    type: address.typeAdresseerbaarObject ?? null,
    is_secondary_address: address.indicatieNevenadres === true,
    is_observed: object?.geconstateerd
      ? object.geconstateerd === 'J'
      : trueKeys(address.geconstateerd).length > 0,
    in_investigation: investigationOf(address, vbo),
    document_date: object?.documentdatum ?? null,
    document_number: object?.documentnummer ?? null,
    secondary_address_ids: object ? [...(object.heeftAlsNevenAdres ?? [])] : null,
    occurrence: occurrenceOf(object?.voorkomen),
    lat: null,
    lon: null,
  };
}
