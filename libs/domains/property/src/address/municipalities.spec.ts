import { createHash } from 'node:crypto';
import {
  municipalityName,
  municipalityNames,
  municipalityOfBagAddress,
  woonplaatsMunicipalities,
} from './municipalities.js';

/** `code<TAB>value` lines in code order: the lists' content, whatever their layout on disk. */
const digest = (table: Readonly<Record<string, string>>) =>
  createHash('sha256')
    .update(
      Object.keys(table)
        .sort()
        .map((key) => `${key}\t${table[key]}\n`)
        .join(''),
    )
    .digest('hex');

/**
 * The shipped lists as data/PROVENANCE.md describes them. A change here is a new CBS list:
 * update the file, its provenance (source, date, licence) and these numbers together.
 */
describe('municipality lists (drift)', () => {
  it('should ship the 342 municipalities of CBS on 1 January 2026', () => {
    const names = municipalityNames();
    expect(Object.keys(names)).toHaveLength(342);
    expect(digest(names)).toBe('7ef4549e1999089d71a05c4dbaab887c41f7be8209f648bfcc2b955078939d81');
  });

  it("should ship CBS's 2,501 woonplaatsen, each in a municipality of the list", () => {
    const woonplaatsen = woonplaatsMunicipalities();
    expect(Object.keys(woonplaatsen)).toHaveLength(2501);
    expect(digest(woonplaatsen)).toBe(
      '84fcbc5f12be72f3e3597093d3302b7e9a331fe21c4a309f78a98e8e4fa7df56',
    );
    const names = municipalityNames();
    expect(Object.values(woonplaatsen).filter((code) => !(code in names))).toEqual([]);
  });

  it('should key both lists by four digits, as BAG and PDOK write the codes', () => {
    for (const table of [municipalityNames(), woonplaatsMunicipalities()])
      expect(Object.keys(table).filter((code) => !/^\d{4}$/.test(code))).toEqual([]);
  });
});

describe(municipalityName.name, () => {
  it.each([
    ['0344', 'Utrecht'],
    ['0363', 'Amsterdam'],
    ['0518', "'s-Gravenhage"],
    ['1963', 'Hoeksche Waard'],
    ['0888', 'Beek (L.)'],
  ])("should name %s as CBS does: '%s'", (code, name) => {
    expect(municipalityName(code)).toBe(name);
  });

  it('should have no name for a merged, unknown or missing code', () => {
    expect(municipalityName('0611')).toBeNull(); // Cromstrijen, in Hoeksche Waard since 2019
    expect(municipalityName('0000')).toBeNull();
    expect(municipalityName('constructor')).toBeNull();
    expect(municipalityName(undefined)).toBeNull();
  });
});

describe(municipalityOfBagAddress.name, () => {
  it("should follow the woonplaats, also where the id's municipality has merged", () => {
    // Schenkeldijk 37, Klaaswaal (woonplaats 2371): id issued by Cromstrijen (0611).
    expect(municipalityOfBagAddress('2371', '0611200000608342')).toBe('Hoeksche Waard');
    expect(municipalityOfBagAddress('1142', '1926200000508011')).toBe('Pijnacker-Nootdorp');
  });

  it("should fall back to the id's municipality for a woonplaats newer than the list", () => {
    expect(municipalityOfBagAddress('9999', '0344200000128086')).toBe('Utrecht');
    expect(municipalityOfBagAddress('9999', '0611200000608342')).toBeNull();
  });
});
