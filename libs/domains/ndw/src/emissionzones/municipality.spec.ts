import { ZONES_2025 } from '../upstream/emissionzones/fixtures/recorded-zones.js';
import { municipalityKey } from './municipality.js';

describe(municipalityKey.name, () => {
  it.each([
    ['Den Haag', "'s-Gravenhage"],
    ['den haag', "'s-Gravenhage"],
    ['The Hague', "'s-Gravenhage"],
    ['s-gravenhage', "'s-Gravenhage"],
    ['Den Bosch', "'s-Hertogenbosch"],
    ["'s Hertogenbosch", "'s-Hertogenbosch"],
    ['Súdwest-Fryslân', 'Sudwest Fryslan'],
    ['Rijswijk', 'Rijswijk (ZH.)'],
    ['ALPHEN AAN DEN RIJN', 'Alphen aan den Rijn'],
  ])('should match %s with %s', (typed, official) => {
    expect(municipalityKey(typed)).toBe(municipalityKey(official));
  });

  it('should keep other municipalities apart', () => {
    expect(municipalityKey('Den Haag')).not.toBe(municipalityKey('Den Helder'));
    expect(municipalityKey('Amsterdam')).not.toBe(municipalityKey('Amstelveen'));
  });

  it("should find the three zones of 's-Gravenhage in the 2025 file by 'Den Haag'", () => {
    const found = ZONES_2025.filter((z) => z.city_key === municipalityKey('Den Haag'));
    expect(found.map((z) => z.zone.name)).toEqual([
      'LEZ Den Haag',
      'ZE Den Haag Kust',
      'ZE Den Haag',
    ]);
  });
});
