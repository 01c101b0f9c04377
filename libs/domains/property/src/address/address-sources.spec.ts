import type { AddressRecord } from '@nl/contracts-property';
import { readFileSync } from 'node:fs';
import { metresBetween } from './rd-to-wgs84.js';
import { toBagAddress } from '../upstream/bag/bag.mapper.js';
import type { BagAddress } from '../upstream/bag/bag.types.js';
import { toPdokAddress, type PdokAddressDoc } from '../upstream/pdok/pdok.mapper.js';
import type { PdokAnswer } from '../upstream/pdok/pdok.types.js';

const recorded = <T>(path: string) =>
  JSON.parse(readFileSync(new URL(`../upstream/${path}`, import.meta.url), 'utf8')) as T;

/** The members that describe the address itself; both sources must fill them alike. */
const ADDRESS_FIELDS = [
  'bag_nummeraanduiding_id',
  'bag_verblijfsobject_id',
  'bag_openbare_ruimte_id',
  'bag_woonplaats_id',
  'street',
  'short_name',
  'house_number',
  'house_letter',
  'house_number_addition',
  'postcode',
  'city',
  'municipality',
  'address_line',
  'address_line_postal',
  'type',
] as const satisfies readonly (keyof AddressRecord)[];

const addressOf = (record: AddressRecord) =>
  Object.fromEntries(ADDRESS_FIELDS.map((field) => [field, record[field]]));

/** PDOK's recorded document of Europalaan 93 and BAG's answer for the same id. */
const EUROPALAAN_PDOK = recorded<PdokAnswer>('pdok/recorded/lookup.json').response
  .docs[0] as PdokAddressDoc;
// ILLUSTRATIVE BAG values (recorded/PROVENANCE.md), with the real ids, names and RD point.
const EUROPALAAN_BAG = recorded<BagAddress>(
  'bag/recorded/illustrative_adressenuitgebreid_0344200000128086.json',
);

/** BAG's recorded answer for Dorpsstraat 15c, Nootdorp: a letter BAG registers in lower case. */
const NOOTDORP_BAG = recorded<{ _embedded: { adressen: BagAddress[] } }>(
  'bag/recorded/adressen_2631CR_15C.json',
)._embedded.adressen[0] as BagAddress;
/**
 * ILLUSTRATIVE PDOK document for the same address: PDOK's document fields filled with the facts
 * of BAG's answer above, and PDOK's own label and id for it as BAG's documentation quotes them
 * (`/adressen/zoek?zoek=nootdorp 15c dorpsstraat` → `Dorpsstraat 15c, 2631CR Nootdorp`).
 */
const NOOTDORP_PDOK: PdokAddressDoc = {
  id: 'adr-89d5a4d96f09c60716c4671fdb9334b8',
  type: 'adres',
  weergavenaam: 'Dorpsstraat 15c, 2631CR Nootdorp',
  nummeraanduiding_id: '1926200000508011',
  adresseerbaarobject_id: '1926010000508012',
  openbareruimte_id: '1926300000479027',
  woonplaatscode: '1142',
  woonplaatsnaam: 'Nootdorp',
  gemeentecode: '1926',
  gemeentenaam: 'Pijnacker-Nootdorp',
  straatnaam: 'Dorpsstraat',
  huisnummer: 15,
  huisletter: 'c',
  huis_nlt: '15c',
  postcode: '2631CR',
};

describe('PDOK and BAG answers for the same address', () => {
  it.each([
    ['Europalaan 93, Utrecht', EUROPALAAN_PDOK, EUROPALAAN_BAG],
    ['Dorpsstraat 15c, Nootdorp', NOOTDORP_PDOK, NOOTDORP_BAG],
  ])('should give identical address fields for %s', (_address, pdok, bag) => {
    expect(addressOf(toBagAddress(bag, null))).toEqual(addressOf(toPdokAddress(pdok)));
  });

  it('should spell Dorpsstraat 15c in the one normal form whichever source answers', () => {
    expect(addressOf(toPdokAddress(NOOTDORP_PDOK))).toMatchObject({
      house_letter: 'C',
      postcode: '2631CR',
      short_name: 'Dorpsstraat',
      municipality: 'Pijnacker-Nootdorp',
      address_line: 'Dorpsstraat 15 C',
      address_line_postal: '2631 CR NOOTDORP',
    });
  });

  it("should put BAG's converted point within a metre of PDOK's for Europalaan 93", () => {
    const pdok = toPdokAddress(EUROPALAAN_PDOK);
    const bag = toBagAddress(EUROPALAAN_BAG, null);
    expect(metresBetween(bag, pdok)).toBeLessThan(1);
  });
});
