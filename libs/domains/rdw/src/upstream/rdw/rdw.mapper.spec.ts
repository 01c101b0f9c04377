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
import type { RdwRows, SocrataRow } from './rdw.types.js';

const sample = (file: string) =>
  JSON.parse(readFileSync(new URL(`./recorded/${file}`, import.meta.url), 'utf8')) as SocrataRow[];

const TT601D = {
  vehicle: sample('m9d7-ebf2_TT601D.json')[0],
  fuel: sample('8ys7-d773_TT601D.json'),
  body: sample('vezc-m2t6_TT601D.json'),
  axles: sample('3huj-srit_TT601D.json'),
};
/** A moped (Bromfiets): RDW writes `N.v.t.` for its colour and body style and `0` doors. */
const F794KP = {
  vehicle: sample('m9d7-ebf2_F794KP.json')[0],
  fuel: sample('8ys7-d773_F794KP.json'),
};
/** A car whose fuel dataset answered no rows. */
const R759BK = { vehicle: sample('m9d7-ebf2_R759BK_full.json')[0], fuel: [] };

/** Fuel rows shaped like RDW's for an electric car and a plug-in hybrid; values illustrative. */
const EV_FUEL: SocrataRow = {
  kenteken: 'XXX99X',
  brandstof_volgnummer: '1',
  brandstof_omschrijving: 'Elektriciteit',
  netto_max_vermogen_elektrisch: '208.00',
  nominaal_continu_maximumvermogen: '175.00',
  max_vermogen_15_minuten: '150.00',
  elektrisch_verbruik_enkel_elektrisch_wltp: '144',
  actie_radius_enkel_elektrisch_wltp: '513',
  co2_uitstoot_gecombineerd: '0',
  emissiecode_omschrijving: 'Z',
};
const PHEV_PETROL: SocrataRow = {
  kenteken: 'XXX99X',
  brandstof_volgnummer: '1',
  brandstof_omschrijving: 'Benzine',
  nettomaximumvermogen: '72.00',
  emis_co2_gewogen_gecombineerd_wltp: '29',
  brandstof_verbruik_gewogen_gecombineerd_wltp: '1.30',
  uitlaatemissieniveau: 'EURO 6 AP',
};
const PHEV_ELECTRIC: SocrataRow = {
  kenteken: 'XXX99X',
  brandstof_volgnummer: '2',
  brandstof_omschrijving: 'Elektriciteit',
  netto_max_vermogen_elektrisch: '53.00',
  actie_radius_extern_opladen_wltp: '60',
  elektrisch_verbruik_extern_opladen_wltp: '155',
  klasse_hybride_elektrisch_voertuig: 'OVC-HEV',
};

/** TT601D's recorded rows with `field` set to `value` in the row(s) of `dataset`. */
function tt601dWith(
  dataset: 'vehicle' | 'fuel' | 'body' | 'axles',
  field: string,
  value: string,
): RdwRows {
  const set = (row: SocrataRow): SocrataRow => ({ ...row, [field]: value });
  return dataset === 'vehicle'
    ? { ...TT601D, vehicle: set(TT601D.vehicle) }
    : { ...TT601D, [dataset]: TT601D[dataset].map(set) };
}

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

  it('should map the recorded F794KP moped: its N.v.t. texts and 0 doors are unknown, not values', () => {
    expect(toFullVehicle(F794KP)).toMatchObject({
      brand: 'YAMAHA',
      color: null, // eerste_kleur "N.v.t."
      body_type: null, // inrichting "N.v.t.", no body rows
      doors: null, // aantal_deuren "0"
      seats: 2,
      wheels: 2,
      power_kw: 2,
      top_speed_kmh: 45,
      hybrid: false,
    });
    // The raw section passes RDW's strings through unchanged, placeholders included.
    const raw = toRaw(F794KP);
    expect(raw.vehicle).toMatchObject({ eerste_kleur: 'N.v.t.', aantal_deuren: '0' });
  });

  describe.each(['N.v.t.', 'Niet geregistreerd', 'n.v.t.', ' N.v.t. '])(
    'the text placeholder %j',
    (placeholder) => {
      it.each([
        ['brand', 'vehicle', 'merk'],
        ['model', 'vehicle', 'handelsbenaming'],
        ['color', 'vehicle', 'eerste_kleur'],
        ['fuel_type', 'fuel', 'brandstof_omschrijving'],
        ['vehicle_type', 'vehicle', 'voertuigsoort'],
        ['eu_category', 'vehicle', 'europese_voertuigcategorie'],
        ['type_approval_number', 'vehicle', 'typegoedkeuringsnummer'],
        ['body_code', 'body', 'carrosserietype'],
      ] as const)('should make %s (%s.%s) null', (member, dataset, field) => {
        expect(toFullVehicle(TT601D)[member]).not.toBeNull(); // the recorded value is real
        expect(toFullVehicle(tt601dWith(dataset, field, placeholder))).toHaveProperty(member, null);
      });

      it('should fall back from the body dataset label to inrichting, then to null', () => {
        const label = tt601dWith('body', 'type_carrosserie_europese_omschrijving', placeholder);
        expect(toFullVehicle(label).body_type).toBe('MPV');
        const none = { ...label, vehicle: { ...label.vehicle, inrichting: placeholder } };
        expect(toFullVehicle(none).body_type).toBeNull();
      });

      it('should not count as a fuel nor as a hybrid class', () => {
        const fuel = tt601dWith('fuel', 'brandstof_omschrijving', placeholder);
        expect(toFullVehicle(fuel).fuel_types).toEqual([]);
        const cls = tt601dWith('fuel', 'klasse_hybride_elektrisch_voertuig', placeholder);
        expect(toFullVehicle(cls).hybrid).toBe(false);
      });
    },
  );

  // Fields where RDW's 0 means "not applicable/unknown": each with a real value, and with the
  // placeholder as RDW writes it in integer and in decimal fields.
  describe.each([
    ['mass_empty', 'vehicle', 'massa_ledig_voertuig', '1876', 1876],
    ['power_kw', 'fuel', 'nettomaximumvermogen', '103.00', 103],
    ['top_speed_kmh', 'vehicle', 'maximale_constructiesnelheid', '160', 160],
    ['seats', 'vehicle', 'aantal_zitplaatsen', '9', 9],
    ['doors', 'vehicle', 'aantal_deuren', '4', 4],
    ['wheels', 'vehicle', 'aantal_wielen', '4', 4],
    ['length_cm', 'vehicle', 'lengte', '410', 410],
    ['wheelbase_cm', 'vehicle', 'wielbasis', '260', 260],
    ['mass_roadworthy_kg', 'vehicle', 'massa_rijklaar', '1976', 1976],
    ['max_mass_kg', 'vehicle', 'toegestane_maximum_massa_voertuig', '3200', 3200],
    ['catalog_price_eur', 'vehicle', 'catalogusprijs', '71828', 71828],
  ] as const)('%s (%s.%s)', (member, dataset, field, real, expected) => {
    it.each([
      [real, expected],
      ['0', null],
      ['0.00', null],
      ['N.v.t.', null],
    ])('should map %j to %p', (value, result) => {
      expect(toFullVehicle(tt601dWith(dataset, field, value))).toHaveProperty(member, result);
    });
  });

  it('should count the axle rows when aantal_assen is the 0 placeholder', () => {
    expect(toFullVehicle(tt601dWith('axles', 'aantal_assen', '0')).axle_count).toBe(2);
    expect(
      toFullVehicle({ ...tt601dWith('axles', 'aantal_assen', '0'), axles: [] }).axle_count,
    ).toBe(null);
  });

  // Fields where 0 is a real value: a vehicle that may not tow a trailer has 0 kg.
  it.each([
    ['towing_capacity_braked_kg', 'maximum_trekken_massa_geremd'],
    ['towing_capacity_unbraked_kg', 'maximum_massa_trekken_ongeremd'],
  ] as const)('should keep 0 as a real %s (vehicle.%s)', (member, field) => {
    expect(toFullVehicle(tt601dWith('vehicle', field, '0'))).toHaveProperty(member, 0);
    expect(toFullVehicle(tt601dWith('vehicle', field, 'N.v.t.'))).toHaveProperty(member, null);
  });

  it("should pass an EV's 0 g/km CO2 and every placeholder through the raw section unchanged", () => {
    const raw = toRaw({ ...TT601D, fuel: [EV_FUEL], vehicle: { ...TT601D.vehicle, lengte: '0' } });
    expect(raw.fuel[0]['co2_uitstoot_gecombineerd']).toBe('0');
    expect(raw.vehicle['lengte']).toBe('0');
    expect(raw.vehicle['tweede_kleur']).toBe('Niet geregistreerd');
  });

  it.each([
    ['an EV: the net maximum, not the nominal continuous or 15-minute power', [EV_FUEL], 208],
    ['an EV with a 0.00 combustion power', [{ ...EV_FUEL, nettomaximumvermogen: '0.00' }], 208],
    [
      'an EV with a 0.00 net maximum: unknown, never the continuous rating',
      [{ ...EV_FUEL, netto_max_vermogen_elektrisch: '0.00' }],
      null,
    ],
    ['a plug-in hybrid: the combustion engine', [PHEV_PETROL, PHEV_ELECTRIC], 72],
    [
      'a plug-in hybrid with a 0 combustion power: the electric motor',
      [{ ...PHEV_PETROL, nettomaximumvermogen: '0' }, PHEV_ELECTRIC],
      53,
    ],
  ])('power_kw of %s', (_what, fuel, power) => {
    expect(toLiteVehicle({ ...TT601D, fuel }).power_kw).toBe(power);
    expect(toFullVehicle({ ...TT601D, fuel }).power_kw).toBe(power);
  });

  it.each([
    ['a battery EV', [EV_FUEL], 513, 144],
    ['a plug-in hybrid', [PHEV_PETROL, PHEV_ELECTRIC], 60, 155],
    [
      'a plug-in hybrid with 0 pure-electric WLTP fields',
      [
        PHEV_PETROL,
        {
          ...PHEV_ELECTRIC,
          actie_radius_enkel_elektrisch_wltp: '0',
          elektrisch_verbruik_enkel_elektrisch_wltp: '0',
        },
      ],
      60,
      155,
    ],
    [
      'an EV whose WLTP fields are all 0',
      [
        {
          ...EV_FUEL,
          actie_radius_enkel_elektrisch_wltp: '0',
          elektrisch_verbruik_enkel_elektrisch_wltp: '0',
        },
      ],
      null,
      null,
    ],
  ])('electric range and consumption of %s', (_what, fuel, range, consumption) => {
    expect(toFullVehicle({ ...TT601D, fuel })).toMatchObject({
      electric_range_km: range,
      electric_consumption_wh_km: consumption,
    });
  });

  it.each([
    ['no fuel rows (recorded R759BK): unknown', R759BK, null],
    [
      'fuel rows naming no fuel: unknown',
      { ...TT601D, fuel: [{ kenteken: 'TT601D', brandstof_volgnummer: '1' }] },
      null,
    ],
    ['diesel only (recorded TT601D)', TT601D, false],
    ['petrol only (recorded F794KP)', F794KP, false],
    ['electric only', { ...TT601D, fuel: [EV_FUEL] }, false],
    ['petrol and electricity rows', { ...TT601D, fuel: [PHEV_PETROL, PHEV_ELECTRIC] }, true],
    [
      'one petrol row classed NOVC-HEV',
      { ...TT601D, fuel: [{ ...PHEV_PETROL, klasse_hybride_elektrisch_voertuig: 'NOVC-HEV' }] },
      true,
    ],
  ])('hybrid for %s', (_what, rows, hybrid) => {
    expect(toFullVehicle({ body: [], axles: [], ...rows }).hybrid).toBe(hybrid);
  });
});
