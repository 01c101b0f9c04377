import { readFileSync } from 'node:fs';
import { occurrenceOf, toBagAddress } from './bag.mapper.js';
import type { BagAddress, BagVerblijfsobjectAnswer } from './bag.types.js';

const recorded = <T>(file: string) =>
  JSON.parse(readFileSync(new URL(`./recorded/${file}`, import.meta.url), 'utf8')) as T;

const KLAASWAAL = recorded<{ _embedded: { adressen: BagAddress[] } }>(
  'adressenuitgebreid_3286LT_37.json',
)._embedded.adressen[0] as BagAddress;
const NOOTDORP = recorded<{ _embedded: { adressen: BagAddress[] } }>('adressen_2631CR_15C.json')
  ._embedded.adressen[0] as BagAddress;
const VBO = recorded<BagVerblijfsobjectAnswer>('verblijfsobject_0268010000036826.json');

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
      municipality: null,
      address_line: 'Schenkeldijk 37',
      address_line_postal: '3286 LT  KLAASWAAL',
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
      lat: null,
      lon: null,
    });
  });

  it('should map the recorded plain address, its letter as BAG writes it', () => {
    expect(toBagAddress(NOOTDORP, null)).toMatchObject({
      bag_nummeraanduiding_id: '1926200000508011',
      bag_verblijfsobject_id: '1926010000508012',
      bag_pand_ids: ['1926100000485708'],
      house_number: 15,
      house_letter: 'c',
      address_line: 'Dorpsstraat 15 c',
      address_line_postal: '2631 CR  NOOTDORP',
      usage_purposes: [],
      status: null,
      build_year: null,
    });
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
    // Illustrative flags on the recorded object (bag-api.md §4.4 shapes), not a recording.
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
