import {
  RDW_AXLE_FIELDS,
  RDW_BODY_FIELDS,
  RDW_FUEL_FIELDS,
  RDW_VEHICLE_FIELDS,
} from '@nl/contracts-rdw';
import { readFileSync } from 'node:fs';
import {
  allowedInGreenZones,
  emissionClass,
  toCompliance,
  toFullVehicle,
  toLiteVehicle,
  toRaw,
} from './rdw.mapper.js';
import type { SocrataRow } from './rdw.types.js';

const sample = (file: string) =>
  JSON.parse(
    readFileSync(
      new URL(`../../../../../testing/src/samples/rdw/${file}`, import.meta.url),
      'utf8',
    ),
  ) as SocrataRow[];

const TT601D = {
  vehicle: sample('m9d7-ebf2_TT601D.json')[0],
  fuel: sample('8ys7-d773_TT601D.json'),
  body: sample('vezc-m2t6_TT601D.json'),
  axles: sample('3huj-srit_TT601D.json'),
};

describe('RDW mapping', () => {
  it('should map the recorded TT601D rows (VW Kombi, diesel Euro 5)', () => {
    expect(toLiteVehicle(TT601D)).toEqual({
      brand: 'VOLKSWAGEN',
      model: 'KOMBI',
      color: 'ROOD',
      fuel_type: 'Diesel',
      mass_empty: 1876,
      power_kw: 103,
      top_speed_kmh: null,
      registration_date: '2013-07-25',
      first_admission_date: '2013-05-17',
    });
    expect(toCompliance(TT601D)).toEqual({
      apk_expiry_date: '2027-05-17',
      tachograph_expiry_date: null,
      emission_class: 5,
      allowed_in_green_zones: false,
      transfer_possible: null,
      recall_active: false,
      export_indicator: false,
      taxi: false,
      liability_insured: true,
      last_odometer_report: '2026',
    });
    const full = toFullVehicle(TT601D);
    expect(full).toMatchObject({
      fuel_types: ['Diesel'],
      hybrid: false,
      vehicle_type: 'Personenauto',
      seats: 9,
      max_mass_kg: 3200,
      towing_capacity_braked_kg: 2500,
      towing_capacity_unbraked_kg: 750,
      catalog_price_eur: 71828,
      axle_count: 2,
      eu_category: 'M1',
      type_approval_number: 'e1*2001/116*0220*31',
    });
    expect(full).not.toHaveProperty('electric_range_km');
    expect(full).not.toHaveProperty('electric_consumption_wh_km');
  });

  it('should give every listed raw field, a string or null, also for fields RDW dropped', () => {
    const raw = toRaw(TT601D);
    expect(Object.keys(raw.vehicle)).toEqual([...RDW_VEHICLE_FIELDS]);
    expect(raw.vehicle['kenteken']).toBe('TT601D');
    expect(raw.vehicle['tweede_kleur']).toBe('Niet geregistreerd');
    expect(raw.vehicle['vervaldatum_apk_dt']).toBeNull(); // not in this recorded row
    expect(Object.keys(raw.fuel[0])).toEqual([...RDW_FUEL_FIELDS]);
    // `brandstofverbruik_stad` was removed by RDW in May 2026: not passed on, never an error.
    expect(raw.fuel[0]).not.toHaveProperty('brandstofverbruik_stad');
    expect(Object.keys(raw.body[0])).toEqual([...RDW_BODY_FIELDS]);
    expect(raw.axles.map((a) => a['as_nummer'])).toEqual(['1', '2']);
    expect(Object.keys(raw.axles[0])).toEqual([...RDW_AXLE_FIELDS]);
    for (const row of [raw.vehicle, ...raw.fuel, ...raw.body, ...raw.axles])
      for (const value of Object.values(row))
        expect(value === null || typeof value === 'string').toBe(true);
  });

  it('should read dates from the _dt timestamps of the full R759BK row', () => {
    const rows = { vehicle: sample('m9d7-ebf2_R759BK_full.json')[0], fuel: [] };
    const lite = toLiteVehicle(rows);
    expect(lite.brand).toBe('OPEL');
    expect(lite.first_admission_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(toCompliance(rows).allowed_in_green_zones).toBeNull(); // no fuel rows: unknown
  });

  it('should read the Euro class from the exhaust level or the emission code', () => {
    expect(emissionClass({ vehicle: {}, fuel: [{ uitlaatemissieniveau: 'EURO 6 AP' }] })).toBe(6);
    expect(emissionClass({ vehicle: {}, fuel: [{ emissiecode_omschrijving: '4' }] })).toBe(4);
    expect(emissionClass({ vehicle: {}, fuel: [{ emissiecode_omschrijving: 'Z' }] })).toBeNull();
  });

  it.each([
    ['electric', ['Elektriciteit'], null, true],
    ['hydrogen', ['Waterstof'], null, true],
    ['CNG', ['CNG'], null, true],
    ['petrol', ['Benzine'], 4, true],
    ['diesel Euro 6', ['Diesel'], 6, true],
    ['diesel Euro 5', ['Diesel'], 5, false],
    ['unknown', [], null, null],
    ['diesel, class unknown', ['Diesel'], null, null],
    ['petrol hybrid', ['Benzine', 'Elektriciteit'], 6, true],
  ])('allowed_in_green_zones for %s', (_what, fuels, euro, allowed) => {
    expect(allowedInGreenZones(fuels, euro)).toBe(allowed);
  });
});
