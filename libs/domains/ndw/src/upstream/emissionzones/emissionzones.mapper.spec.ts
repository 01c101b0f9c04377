import { parseXml } from '@nl/platform-dataset';
import { toEmissionZones } from './emissionzones.mapper.js';
import type { VehicleCriterion, ZoneCondition } from './emissionzones.types.js';
import {
  XML_2025,
  XML_2026,
  ZONES_2025,
  ZONES_2026,
  conditionOf,
  zoneNamed,
} from './fixtures/recorded-zones.js';

const BOSCH = 'NDW11_de06481f-e23e-4c9a-987b-978a4b67e0c0';
const AMSTERDAM_LEZ = 'NDW11_989846cf-0343-4abc-b169-1a2ddaf497d9';

const criteriaOf = (c: ZoneCondition | null): VehicleCriterion[] =>
  !c
    ? []
    : c.kind === 'set'
      ? c.conditions.flatMap(criteriaOf)
      : c.kind === 'vehicle'
        ? [...c.criteria]
        : [];
const allCriteria = [...ZONES_2025, ...ZONES_2026].flatMap((z) => criteriaOf(z.conditions));

describe(toEmissionZones.name, () => {
  const bosch = zoneNamed(BOSCH, ZONES_2026);

  it('should map both active zones of the 2026 capture (datex2.eu namespaces, messageContainer)', () => {
    expect(XML_2026).toMatch(
      /^<\?xml[^>]*\?><mc:messageContainer xmlns:mc="http:\/\/datex2\.eu\/schema\/3\//,
    );
    expect(ZONES_2026.map((z) => z.zone.name)).toEqual([
      "ZE 's-Hertogenbosch",
      'ZE Amersfoort 2027',
    ]);
  });

  it('should map all 42 zones of the 2025 national file (levelC namespaces, a bare payload)', () => {
    expect(XML_2025).toMatch(/^<\?xml[^>]*\?><d2:payload xmlns:tro="http:\/\/levelC\/schema\/3\//);
    expect(ZONES_2025).toHaveLength(42);
  });

  it('should read the same zone alike in both namespace styles', () => {
    const rules = (z: typeof bosch) => z.zone.access_rules.map((r) => [r.id, r.description]);
    expect(rules(zoneNamed(BOSCH, ZONES_2025))).toEqual(rules(bosch));
  });

  it('should map the record: city, type, validity and regulation', () => {
    expect(bosch.zone).toMatchObject({
      id: BOSCH,
      city: "'s-Hertogenbosch",
      zone_type: 'zero_emission',
      zero_emission_categories: ['N1', 'N2', 'N3'],
      valid_from: '2025-03-01T00:00:00Z',
      valid_until: null,
      regulation_id: 'gmb-2024-403036',
    });
    expect(bosch.categories).toEqual(['N1', 'N2', 'N3']);
    expect(bosch.city_key).toBe('s hertogenbosch');
  });

  it('should turn latitude-first posLists into GeoJSON longitude/latitude rings', () => {
    const geometry = bosch.zone.geometry;
    expect(geometry?.type).toMatch(/Polygon$/);
    const first = (
      geometry?.type === 'Polygon'
        ? (geometry.coordinates as number[][][])[0][0]
        : (geometry?.coordinates as number[][][][])[0][0][0]
    ) as number[];
    expect(first).toEqual([5.294504572, 51.691127953]);
  });

  it('should list the restriction and the exemptions as access rules', () => {
    const rules = bosch.zone.access_rules;
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
    expect(bosch.zone.vehicle_restrictions).toEqual([
      { emission_class: null, fuel_type: null, vehicle_type: 'N1' },
      { emission_class: null, fuel_type: null, vehicle_type: 'N2' },
      { emission_class: null, fuel_type: null, vehicle_type: 'N3' },
    ]);
    expect(zoneNamed('LEZ Breda').zone.vehicle_restrictions).toEqual([
      { emission_class: null, fuel_type: 'diesel', vehicle_type: null },
    ]);
  });

  it('should leave out zones that are not active', () => {
    const inactive = XML_2026.replace(
      '<cz:status>active</cz:status>',
      '<cz:status>inactive</cz:status>',
    );
    expect(toEmissionZones(parseXml(inactive)).map((z) => z.id)).not.toContain(BOSCH);
  });

  describe('every condition the files publish', () => {
    it('should read DATEX extended values: Euro 1–4 are euro1…euro4, never _extended', () => {
      expect(XML_2025).toContain(
        '<com:emissionClassificationEuro _extendedValue="euro4">_extended<',
      );
      expect(allCriteria.filter((c) => 'value' in c && c.value === '_extended')).toEqual([]);
      const euros = new Set(allCriteria.filter((c) => c.kind === 'euro').map((c) => c.value));
      expect([...euros].sort()).toEqual(['euro1', 'euro2', 'euro3', 'euro4', 'euro5', 'euro6']);
      expect(zoneNamed(AMSTERDAM_LEZ).zone.access_rules[1]).toMatchObject({
        description: '(any M or any N) and (euro4 or euro5 or euro6)',
      });
    });

    it('should read the extension wherever it appears, not only in Euro classes', () => {
      const xml = XML_2026.replace(
        '<com:fuelType>hydrogen</com:fuelType>',
        '<com:fuelType _extendedValue="lng">_extended</com:fuelType>',
      );
      const zone = toEmissionZones(parseXml(xml)).find((z) => z.id === BOSCH);
      expect(zone && conditionOf(zone, 'zeroEmissionExemption_FT_6')).toMatchObject({
        criteria: [{ kind: 'fuel', value: 'lng' }],
      });
    });

    it('should read every characteristic of both files, none left unread', () => {
      expect(allCriteria.filter((c) => c.kind === 'unread')).toEqual([]);
      expect([...new Set(allCriteria.map((c) => c.kind))].sort()).toEqual([
        'age',
        'category',
        'euro',
        'firstRegistration',
        'fuel',
        'ownerType',
        'specialPurpose',
        'usage',
        'vehicleType',
      ]);
    });

    it('should read the taxi exemption: usage taxi and first registration from 2009', () => {
      const taxi = conditionOf(zoneNamed(AMSTERDAM_LEZ), 'taxiExemption_CS');
      expect(criteriaOf(taxi)).toEqual([
        { kind: 'usage', value: 'taxi' },
        { kind: 'firstRegistration', operator: 'greaterThanOrEqualTo', year: 2009 },
      ]);
      expect(zoneNamed(AMSTERDAM_LEZ).zone.access_rules).toContainEqual(
        expect.objectContaining({ description: 'used as taxi and first registered ≥ 2009' }),
      );
    });

    it('should keep an element it does not know as unread, with its name', () => {
      const xml = XML_2025.replace(
        '<com:vehicleUsage>taxi</com:vehicleUsage>',
        '<com:vehicleUsageX>taxi</com:vehicleUsageX>',
      );
      const zone = toEmissionZones(parseXml(xml)).find((z) => z.id === AMSTERDAM_LEZ);
      expect(zone && conditionOf(zone, 'taxiExemption_VU')).toMatchObject({
        criteria: [{ kind: 'unread', element: 'vehicleUsageX', value: 'taxi' }],
      });
    });
  });

  it('should make placeholder regulation ids and names null (onbekend, ntb, geen, xxxx)', () => {
    expect(XML_2025).toMatch(/<tro:regulationId>xxxx</);
    const placeholders = ZONES_2025.filter((z) => z.zone.regulation_id === null).map((z) => z.id);
    expect(placeholders).toHaveLength(10);
    expect(zoneNamed('NDW11_1f239faf-c257-462d-99a1-2ae84e8486fc').zone).toMatchObject({
      name: null,
      regulation_id: null,
    });
    expect(ZONES_2025.map((z) => z.zone.regulation_id)).not.toContain('ntb');
  });
});
