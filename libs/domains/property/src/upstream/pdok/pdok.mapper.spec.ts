import { readFileSync } from 'node:fs';
import { objectTypeOf } from '../../address/address-form.js';
import {
  isAddressDoc,
  metresBetween,
  parcelOf,
  pointOf,
  toNearby,
  toPdokAddress,
  toSuggestion,
  type PdokAddressDoc,
} from './pdok.mapper.js';
import type { PdokAnswer, PdokDoc } from './pdok.types.js';

const recorded = (file: string) =>
  JSON.parse(readFileSync(new URL(`./recorded/${file}`, import.meta.url), 'utf8')) as PdokAnswer;

const SUGGEST = recorded('suggest.json').response.docs;
const EUROPALAAN = recorded('lookup.json').response.docs[0] as PdokAddressDoc;
const BOLSTRAAT = recorded('free.json').response.docs[0] as PdokDoc;
const [BOLOGNALAAN_101, BOLOGNALAAN] = recorded('docs_bolognalaan_3584CJ.json').response.docs as [
  PdokAddressDoc,
  PdokDoc,
];
const POSTCODE_3584CC = recorded('free_postcode_3584CC.json').response.docs;
/** The illustrative `/reverse` answer beside Europalaan 93 (recorded/PROVENANCE.md). */
const REVERSE = recorded('illustrative_reverse_europalaan.json').response.docs;
const REVERSE_POINT = { lat: 52.0642, lon: 5.107 };
/** What `/suggest` sends of a document with its default `fl`: id, type, label, score. */
const defaultFields = ({ id, type, weergavenaam, score }: PdokDoc): PdokDoc => ({
  id,
  type,
  weergavenaam,
  score,
});

describe(toSuggestion.name, () => {
  it('should take postcode and number from the label when PDOK sent its default fields only', () => {
    expect(SUGGEST.map(toSuggestion).slice(0, 2)).toEqual([
      {
        id: 'adr-e85f57567117b6063da3169022c89513',
        label: 'Westeringlaan 18A-1, 5993CG Maasbree',
        type: 'adres',
        nummeraanduiding_id: null,
        verblijfsobject_id: null,
        postcode: '5993CG',
        house_number: 18,
      },
      {
        id: 'adr-fff09ddeb3ab5d2dcc199da0b24b244b',
        label: 'Westeringlaan 18A-2, 5993CG Maasbree',
        type: 'adres',
        nummeraanduiding_id: null,
        verblijfsobject_id: null,
        postcode: '5993CG',
        house_number: 18,
      },
    ]);
  });

  it('should take the fields when PDOK sent them', () => {
    expect(toSuggestion(EUROPALAAN)).toEqual({
      id: 'adr-bf54db721969487ed33ba84d9973c702',
      label: 'Europalaan 93, 3526KP Utrecht',
      type: 'adres',
      nummeraanduiding_id: '0344200000128086',
      verblijfsobject_id: '0344010000006589',
      postcode: '3526KP',
      house_number: 93,
    });
  });

  it("should read a postcode document's postcode from its label when PDOK sent its default fields", () => {
    expect([BOLOGNALAAN, ...POSTCODE_3584CC].map(defaultFields).map(toSuggestion)).toEqual([
      {
        id: 'pcd-186842457c8c74f2096cca4f6714ca6b',
        label: 'Bolognalaan, 3584CJ Utrecht',
        type: 'postcode',
        nummeraanduiding_id: null,
        verblijfsobject_id: null,
        postcode: '3584CJ',
        house_number: null,
      },
      expect.objectContaining({ label: 'Genèvelaan, 3584CC Utrecht', postcode: '3584CC' }),
      expect.objectContaining({ label: 'Princetonplein, 3584CC Utrecht', postcode: '3584CC' }),
    ]);
  });

  it("should take a postcode document's postcode field when PDOK sent it", () => {
    expect(toSuggestion(BOLOGNALAAN)).toMatchObject({ postcode: '3584CJ', house_number: null });
    expect(toSuggestion({ ...BOLOGNALAAN, postcode: '3584 cj' }).postcode).toBe('3584CJ');
  });

  it('should give a street or a place no postcode or number', () => {
    // Illustrative document (the shape of a `weg` suggestion), not a recording.
    expect(
      toSuggestion({ id: 'weg-1', type: 'weg', weergavenaam: 'Europalaan, Utrecht' }),
    ).toMatchObject({ postcode: null, house_number: null, nummeraanduiding_id: null });
  });
});

describe(toPdokAddress.name, () => {
  it('should fill every member PDOK has and leave the BAG-only ones null', () => {
    expect(toPdokAddress(EUROPALAAN)).toEqual({
      bag_nummeraanduiding_id: '0344200000128086',
      bag_verblijfsobject_id: '0344010000006589',
      bag_pand_ids: null,
      bag_openbare_ruimte_id: '0344300000000177',
      bag_woonplaats_id: '3295',
      street: 'Europalaan',
      short_name: 'Europalaan',
      house_number: 93,
      house_letter: null,
      house_number_addition: null,
      postcode: '3526KP',
      city: 'Utrecht',
      municipality: 'Utrecht',
      address_line: 'Europalaan 93',
      address_line_postal: '3526 KP UTRECHT',
      usage_purposes: null,
      surface_area_m2: null,
      build_year: null,
      status: null,
      type: 'Verblijfsobject',
      is_secondary_address: null,
      is_observed: null,
      in_investigation: null,
      document_date: null,
      document_number: null,
      secondary_address_ids: null,
      occurrence: null,
      lat: 52.06415055,
      lon: 5.10696041,
    });
  });

  it("should name the municipality as CBS does for PDOK's code, else as PDOK does", () => {
    expect(toPdokAddress(BOLOGNALAAN_101).municipality).toBe('Utrecht');
    expect(toPdokAddress({ ...EUROPALAAN, gemeentenaam: 'Stad Utrecht' }).municipality).toBe(
      'Utrecht',
    );
    expect(
      toPdokAddress({ ...EUROPALAAN, gemeentecode: undefined, gemeentenaam: 'Utrecht' })
        .municipality,
    ).toBe('Utrecht');
  });

  it('should write a letter in capitals and compose the lines as BAG does', () => {
    // Illustrative letter and addition on the recorded document, not a recording.
    expect(
      toPdokAddress({ ...EUROPALAAN, huisletter: 'a', huisnummertoevoeging: '2' }),
    ).toMatchObject({
      house_letter: 'A',
      house_number_addition: '2',
      address_line: 'Europalaan 93 A2',
      address_line_postal: '3526 KP UTRECHT',
    });
  });

  it('should take only documents with a nummeraanduiding id and a house number as addresses', () => {
    expect(isAddressDoc(EUROPALAAN)).toBe(true);
    expect(isAddressDoc(SUGGEST[0])).toBe(false);
    expect(isAddressDoc({ ...EUROPALAAN, huisnummer: undefined })).toBe(false);
    expect(isAddressDoc(null)).toBe(false);
  });

  it('should read nevenadres as a secondary address', () => {
    expect(toPdokAddress({ ...EUROPALAAN, adrestype: 'nevenadres' }).is_secondary_address).toBe(
      true,
    );
    expect(toPdokAddress({ ...EUROPALAAN, adrestype: 'hoofdadres' }).is_secondary_address).toBe(
      false,
    );
  });
});

describe(parcelOf.name, () => {
  it.each([
    [EUROPALAAN, ['UTT00', 'R', '364']],
    [BOLSTRAAT, ['ASD40', 'C', '7285']],
    [null, [null, null, null]],
  ])('should split the first linked parcel', (doc, [code, section, number]) => {
    expect(parcelOf(doc)).toEqual({
      kadastrale_gemeente_code: code,
      kadastrale_sectie: section,
      kadastraal_perceel_nummer: number,
    });
  });
});

describe('coordinates and object types', () => {
  it('should read WKT longitude first', () => {
    expect(pointOf('POINT(5.13287587 52.08884161)')).toEqual({ lat: 52.08884161, lon: 5.13287587 });
    expect(pointOf(undefined)).toEqual({ lat: null, lon: null });
    expect(pointOf('POINT(135782.745 452910.011) garbage')).toEqual({ lat: null, lon: null });
  });

  it('should know the object type from digits 5 and 6 of the id', () => {
    expect(objectTypeOf('0344010000006589')).toBe('Verblijfsobject');
    expect(objectTypeOf('0569020000012435')).toBe('Ligplaats');
    expect(objectTypeOf('0503030000103062')).toBe('Standplaats');
    expect(objectTypeOf('0344200000128086')).toBeNull();
    expect(objectTypeOf(undefined)).toBeNull();
  });
});

describe(toNearby.name, () => {
  it('should answer the addresses nearest first, each with its distance and its bag/id record', () => {
    const nearby = toNearby(REVERSE, REVERSE_POINT, 250);
    expect(nearby.map((n) => [n.address.address_line, n.distance_m])).toEqual([
      ['Europalaan 93', 6.1],
      ['Europalaan 95', 19.3],
      ['Europalaan 91', 25.7],
    ]);
    // The record of Europalaan 93 is the one bag/id makes of PDOK's lookup document.
    expect(nearby[0].address).toEqual(toPdokAddress(EUROPALAAN));
    expect(nearby[1].address).toMatchObject({
      bag_nummeraanduiding_id: '0344200000990095',
      bag_verblijfsobject_id: '0344010000990095',
      house_number: 95,
      postcode: '3526KP',
      municipality: 'Utrecht',
      lat: 52.0643612,
      lon: 5.1068965,
    });
  });

  it('should leave out addresses beyond the radius, and documents that are no address', () => {
    const withPostcode = [...REVERSE, { ...BOLOGNALAAN, afstand: 1 }, SUGGEST[0]];
    expect(toNearby(withPostcode, REVERSE_POINT, 20).map((n) => n.address.house_number)).toEqual([
      93, 95,
    ]);
  });

  it('should measure the distance from the point when PDOK sends no afstand, and sort by it', () => {
    const unmeasured = REVERSE.map(({ afstand: _afstand, ...doc }) => doc).reverse();
    const nearby = toNearby(unmeasured, REVERSE_POINT, 250);
    expect(nearby.map((n) => n.address.house_number)).toEqual([93, 95, 91]);
    nearby.forEach((n, i) => expect(n.distance_m).toBeCloseTo(REVERSE[i].afstand ?? NaN, 0));
    expect(toNearby([{ ...EUROPALAAN, centroide_ll: undefined }], REVERSE_POINT, 250)).toEqual([]);
  });
});

describe(metresBetween.name, () => {
  it('should measure what the RD New coordinates of two recorded addresses say, within 0.5 %', () => {
    // Europalaan 93 and Bolstraat 1: 3271.5 m apart in RD New (x, y in metres).
    const rd = Math.hypot(137569.474 - 135782.745, 455650.561 - 452910.011);
    const measured = metresBetween(
      { lat: 52.06415055, lon: 5.10696041 },
      { lat: 52.08884161, lon: 5.13287587 },
    );
    expect(Math.abs(measured - rd) / rd).toBeLessThan(0.005);
    expect(metresBetween(REVERSE_POINT, REVERSE_POINT)).toBe(0);
  });
});
