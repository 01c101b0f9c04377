import { readFileSync } from 'node:fs';
import { toEmissionZones } from './emissionzones.mapper.js';
import { parseXml } from '@nl/platform-dataset';

const ROOT = parseXml(
  readFileSync(new URL('../../data/emissiezones.xml', import.meta.url), 'utf8'),
);
const BOSCH = 'NDW11_de06481f-e23e-4c9a-987b-978a4b67e0c0';

describe(toEmissionZones.name, () => {
  const zones = toEmissionZones(ROOT);
  const bosch = zones.find((z) => z.id === BOSCH);

  it('should map both active zones of the DATEX II v3 table', () => {
    expect(zones.map((z) => z.zone.name)).toEqual(["ZE 's-Hertogenbosch", 'ZE Amersfoort 2027']);
  });

  it('should map the record: city, type, validity and regulation', () => {
    expect(bosch?.zone).toMatchObject({
      id: BOSCH,
      city: "'s-Hertogenbosch",
      zone_type: 'zero_emission',
      valid_from: '2025-03-01T00:00:00Z',
      valid_until: null,
      regulation_id: 'gmb-2024-403036',
    });
    expect(bosch?.categories).toEqual(['N1', 'N2', 'N3']);
  });

  it('should turn latitude-first posLists into GeoJSON longitude/latitude rings', () => {
    const geometry = bosch?.zone.geometry;
    expect(geometry?.type).toMatch(/Polygon$/);
    const first = (
      geometry?.type === 'Polygon'
        ? (geometry.coordinates as number[][][])[0][0]
        : (geometry?.coordinates as number[][][][])[0][0][0]
    ) as number[];
    expect(first).toEqual([5.294504572, 51.691127953]);
  });

  it('should list the restriction and the exemptions as access rules', () => {
    const rules = bosch?.zone.access_rules ?? [];
    expect(rules[0]).toMatchObject({ kind: 'restriction', description: 'N1 or N2 or N3' });
    expect(rules.filter((r) => r.kind === 'exemption').map((r) => r.id)).toEqual(
      expect.arrayContaining([`${BOSCH}_2_VCECVAC_CS`, `${BOSCH}_oldtimerExemption_A`]),
    );
    expect(rules.find((r) => r.id === `${BOSCH}_2_VCECVAC_CS`)).toMatchObject({
      valid_until: '2027-12-31T23:00:00Z',
      description: expect.stringContaining('euro6'),
    });
  });

  it('should restrict categories with any fuel and class in vehicle_restrictions', () => {
    expect(bosch?.zone.vehicle_restrictions).toEqual([
      { emission_class: null, fuel_type: null, vehicle_type: 'N1' },
      { emission_class: null, fuel_type: null, vehicle_type: 'N2' },
      { emission_class: null, fuel_type: null, vehicle_type: 'N3' },
    ]);
  });

  it('should leave out zones that are not active', () => {
    const xml = readFileSync(new URL('../../data/emissiezones.xml', import.meta.url), 'utf8');
    const inactive = xml.replace(
      '<cz:status>active</cz:status>',
      '<cz:status>inactive</cz:status>',
    );
    expect(toEmissionZones(parseXml(inactive)).map((z) => z.id)).not.toContain(BOSCH);
  });
});
