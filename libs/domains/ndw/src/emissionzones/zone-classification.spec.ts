import {
  ZONES_2025,
  ZONES_2026,
  zoneNamed,
} from '../upstream/emissionzones/fixtures/recorded-zones.js';
import { restrictedCategories, zeroEmissionCategories } from './zone-classification.js';

const ZE = ['N1', 'N2', 'N3'];
const ALL = ['M1', 'M2', 'M3', 'N1', 'N2', 'N3', 'L'];

/**
 * Every zone of the two recorded files with the type its rules give: NDW types all of them
 * `lowEmissionZone`, so the name (`ZE …`, `ZES …`, `onbekend`) must not decide.
 */
const EXPECTED: [string, 'zero_emission' | 'low_emission'][] = [
  ['ZE Amersfoort 2027', 'zero_emission'],
  ['ZE Haarlemmermeer', 'zero_emission'],
  ['ZE Ede', 'zero_emission'],
  ['LEZ Breda', 'low_emission'],
  ['LEZ Den Haag', 'low_emission'],
  ['ZE Amersfoort 2025', 'zero_emission'],
  ['ZE Den Haag Kust', 'zero_emission'],
  ['LEZ Rotterdam Maasvlakte', 'low_emission'],
  ['ZE Arnhem', 'zero_emission'],
  ['ZE Utrecht', 'zero_emission'],
  ['ZE Nijmegen', 'zero_emission'],
  ['onbekend', 'zero_emission'],
  ['ZE Delft', 'zero_emission'],
  ['LEZ Rijswijk', 'low_emission'],
  ['ZE Rotterdam', 'zero_emission'],
  ['ZE Groningen', 'zero_emission'],
  ['ZE Tilburg', 'zero_emission'],
  ['ZE Dordrecht', 'zero_emission'],
  ['ZE Assen', 'zero_emission'],
  ["LEZ 's-Hertogenbosch", 'low_emission'],
  ['LEZ Leiden', 'low_emission'],
  ['ZE Leiden', 'zero_emission'],
  ['ZE Enschede', 'zero_emission'],
  ['ZE Zwolle', 'zero_emission'],
  ['ZE Deventer', 'zero_emission'],
  ['ZE Gouda', 'zero_emission'],
  ['ZE Apeldoorn', 'zero_emission'],
  ['LEZ Tilburg', 'low_emission'],
  ['ZE Zone', 'zero_emission'],
  ['Milieuzone Maastricht', 'low_emission'],
  ['ZE Den Haag', 'zero_emission'],
  ['LEZ Amsterdam', 'low_emission'],
  ['ZES Maastricht', 'zero_emission'],
  ['ZE Haarlem', 'zero_emission'],
  ['ZE zone Alphen aan den Rijn', 'zero_emission'],
  ['Milieuzone Arnhem', 'low_emission'],
  ['ZE Amsterdam', 'zero_emission'],
  ['LEZ Haarlem', 'low_emission'],
  ["ZE 's-Hertogenbosch", 'zero_emission'],
  ['LEZ Utrecht', 'low_emission'],
  ['LEZ Delft', 'low_emission'],
  ['Milieuzone Amsterdam', 'low_emission'],
];

/** The zone NDW names `onbekend` (its name is a placeholder, so the record's name is null). */
const ONBEKEND = 'NDW11_1f239faf-c257-462d-99a1-2ae84e8486fc';

describe('zone classification', () => {
  describe(zeroEmissionCategories.name, () => {
    it('should type every zone of the 2025 file from its rules, in file order', () => {
      const types = ZONES_2025.map((z) => [z.zone.name ?? 'onbekend', z.zone.zone_type]);
      expect(types).toEqual(EXPECTED);
      expect(new Set(ZONES_2025.map((z) => z.zone.zone_type))).toEqual(
        new Set(['zero_emission', 'low_emission']),
      );
    });

    it('should type the zones of the 2026 capture alike', () => {
      expect(
        ZONES_2026.map((z) => [z.zone.name, z.zone.zone_type, z.zone.zero_emission_categories]),
      ).toEqual([
        ["ZE 's-Hertogenbosch", 'zero_emission', ZE],
        ['ZE Amersfoort 2027', 'zero_emission', ZE],
      ]);
    });

    it('should name the categories: N1–N3 for the zero-emission zones, none for the others', () => {
      for (const z of ZONES_2025)
        expect([z.id, z.zone.zero_emission_categories]).toEqual([
          z.id,
          z.zone.zone_type === 'zero_emission' ? ZE : [],
        ]);
    });

    it("should type 'ZES Maastricht' and the zone named 'onbekend' zero_emission from their rules", () => {
      for (const id of ['ZES Maastricht', ONBEKEND])
        expect(zeroEmissionCategories(zoneNamed(id).conditions)).toEqual(ZE);
    });

    it('should not count a zone whose phased Euro 6 exemption has not ended as low-emission', () => {
      // 's-Hertogenbosch admits Euro 6 N1/N2 until 2027-12-31: zero-emission after that.
      expect(zoneNamed("ZE 's-Hertogenbosch").zone.zone_type).toBe('zero_emission');
      expect(zeroEmissionCategories(zoneNamed('LEZ Amsterdam').conditions)).toEqual([]);
    });
  });

  describe(restrictedCategories.name, () => {
    it('should list every category for a zone that bans all diesels (LEZ Breda)', () => {
      expect(zoneNamed('LEZ Breda').categories).toEqual(ALL);
      expect(restrictedCategories(zoneNamed('LEZ Amsterdam').conditions)).toEqual(ALL);
    });

    it('should list only the restricted categories of a zero-emission zone', () => {
      expect(zoneNamed('ZE Utrecht').categories).toEqual(ZE);
    });

    it('should include every diesel-ban zone under N1', () => {
      const n1 = ZONES_2025.filter((z) => z.categories.includes('N1')).map((z) => z.zone.name);
      expect(n1).toEqual(expect.arrayContaining(['LEZ Breda', 'LEZ Amsterdam', 'ZE Utrecht']));
      expect(n1).toHaveLength(42);
    });
  });
});
