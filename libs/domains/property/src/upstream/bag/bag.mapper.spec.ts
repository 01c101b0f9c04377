import { readFileSync } from 'node:fs';
import { metresBetween, rdToWgs84 } from '../../address/rd-to-wgs84.js';
import { occurrenceOf, pointOfGeometry, toBagAddress } from './bag.mapper.js';
import type { BagAddress, BagVerblijfsobjectAnswer } from './bag.types.js';

const recorded = <T>(file: string) =>
  JSON.parse(readFileSync(new URL(`./recorded/${file}`, import.meta.url), 'utf8')) as T;

const KLAASWAAL = recorded<{ _embedded: { adressen: BagAddress[] } }>(
  'adressenuitgebreid_3286LT_37.json',
)._embedded.adressen[0] as BagAddress;
const NOOTDORP = recorded<{ _embedded: { adressen: BagAddress[] } }>('adressen_2631CR_15C.json')
  ._embedded.adressen[0] as BagAddress;
const VBO = recorded<BagVerblijfsobjectAnswer>('verblijfsobject_0268010000036826.json');
const KLAASWAAL_37A = recorded<BagAddress>('adressenuitgebreid_0611200000613311.json');

describe(toBagAddress.name, () => {
  it('should map the recorded extended address field by field', () => {
    expect(toBagAddress(KLAASWAAL, null)).toEqual({
      bag_nummeraanduiding_id: '0611200000608342',
      bag_verblijfsobject_id: '0611010000508342',
      bag_pand_ids: ['0611100000408245'],
      bag_openbare_ruimte_id: '0611300000312876',
      bag_woonplaats_id: '2371',
      street: 'Schenkeldijk',
      short_name: 'Schenkeldijk',
      house_number: 37,
      house_letter: null,
      house_number_addition: null,
      postcode: '3286LT',
      city: 'Klaaswaal',
      municipality: 'Hoeksche Waard',
      address_line: 'Schenkeldijk 37',
      address_line_postal: '3286 LT KLAASWAAL',
      usage_purposes: ['woonfunctie'],
      surface_area_m2: 84,
      build_year: 1920,
      status: 'Verblijfsobject in gebruik',
      type: 'Verblijfsobject',
      is_secondary_address: false,
      is_observed: false,
      in_investigation: null,
      document_date: null,
      document_number: null,
      secondary_address_ids: null,
      occurrence: null,
      lat: 51.76043099,
      lon: 4.44064434,
    });
  });

  it('should map the recorded plain address in the normal form: letter in capitals, one space', () => {
    expect(toBagAddress(NOOTDORP, null)).toMatchObject({
      bag_nummeraanduiding_id: '1926200000508011',
      bag_verblijfsobject_id: '1926010000508012',
      bag_pand_ids: ['1926100000485708'],
      house_number: 15,
      house_letter: 'C',
      postcode: '2631CR',
      municipality: 'Pijnacker-Nootdorp',
      address_line: 'Dorpsstraat 15 C',
      address_line_postal: '2631 CR NOOTDORP',
      usage_purposes: [],
      status: null,
      build_year: null,
      // `/adressen` carries no geometry.
      lat: null,
      lon: null,
    });
    expect(toBagAddress(KLAASWAAL_37A, null)).toMatchObject({
      house_letter: 'A',
      address_line: 'Schenkeldijk 37 A',
      address_line_postal: '3286 LT KLAASWAAL',
      municipality: 'Hoeksche Waard',
    });
  });

  it("should compose BAG's own NEN 5825 lines, but for the letter's case and BAG's double space", () => {
    for (const address of [KLAASWAAL, KLAASWAAL_37A, NOOTDORP]) {
      const record = toBagAddress(address, null);
      expect(record.address_line?.toUpperCase()).toBe(address.adresregel5?.toUpperCase());
      expect(record.address_line_postal).toBe(address.adresregel6?.replace(/ {2}/, ' '));
    }
  });

  it("should give a BAG-only address the WGS84 point of its object's RD point", () => {
    const record = toBagAddress(KLAASWAAL_37A, null);
    expect({ lat: record.lat, lon: record.lon }).toEqual(rdToWgs84(89_666, 419_473));
    // 37 and 37a lie 37 m apart in RD; so do their converted points.
    const apart = metresBetween(toBagAddress(KLAASWAAL, null), record);
    expect(apart).toBeCloseTo(Math.hypot(89_666 - 89_652, 419_473 - 419_507), 0);
  });

  it('should take documents, observation, occurrence and secondary addresses from the object', () => {
    // The recorded object belongs to another address; only its own members are asserted.
    expect(toBagAddress(KLAASWAAL, VBO)).toMatchObject({
      is_observed: false,
      document_date: '2010-03-16',
      document_number: 'CB 16-03-2010',
      secondary_address_ids: [],
      occurrence: 'versie 1, geldig vanaf 2010-03-16, geregistreerd 2010-12-10T02:45:55',
      in_investigation: null,
    });
  });

  it('should list what BAG has under investigation and read J as observed', () => {
    // Illustrative flags on the recorded object (BAG's shapes), not a recording.
    const flagged: BagVerblijfsobjectAnswer = {
      verblijfsobject: {
        ...VBO.verblijfsobject,
        geconstateerd: 'J',
        heeftAlsNevenAdres: ['0268200000099999'],
      },
      inonderzoek: [
        { kenmerk: 'oppervlakte', inOnderzoek: 'J' },
        { kenmerk: 'status', inOnderzoek: 'N' },
      ],
    };
    expect(toBagAddress(KLAASWAAL, flagged)).toMatchObject({
      is_observed: true,
      in_investigation: 'oppervlakte',
      secondary_address_ids: ['0268200000099999'],
    });
    expect(
      toBagAddress(
        {
          ...KLAASWAAL,
          inonderzoek: { oppervlakte: true, postcode: true },
          indicatieNevenadres: true,
        },
        null,
      ),
    ).toMatchObject({ in_investigation: 'oppervlakte, postcode', is_secondary_address: true });
  });
});

describe(pointOfGeometry.name, () => {
  it("should take a point, else the centroid of a ligplaats' or standplaats' area", () => {
    expect(pointOfGeometry({ punt: { coordinates: [155_000, 463_000, 0] } })).toEqual({
      lat: 52.1551744,
      lon: 5.38720621,
    });
    // Illustrative 20 × 10 m area around the RD origin.
    const area = [
      [
        [154_990, 462_995, 0],
        [155_010, 462_995, 0],
        [155_010, 463_005, 0],
        [154_990, 463_005, 0],
        [154_990, 462_995, 0],
      ],
    ];
    expect(pointOfGeometry({ vlak: { coordinates: area } })).toEqual({
      lat: 52.1551744,
      lon: 5.38720621,
    });
    expect(pointOfGeometry(undefined)).toBeNull();
    expect(pointOfGeometry({ punt: { coordinates: [] } })).toBeNull();
  });
});

describe(occurrenceOf.name, () => {
  it('should name the end of validity when there is one', () => {
    expect(
      occurrenceOf({
        versie: 2,
        beginGeldigheid: '2018-01-01',
        eindGeldigheid: '2020-05-01',
        tijdstipRegistratie: '2018-01-02T10:00:00',
      }),
    ).toBe('versie 2, geldig vanaf 2018-01-01, tot 2020-05-01, geregistreerd 2018-01-02T10:00:00');
    expect(occurrenceOf(undefined)).toBeNull();
  });
});
