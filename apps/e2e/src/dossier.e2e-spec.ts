import { jest } from '@jest/globals';
import { PROPERTY_RECORDINGS } from '@nl/domain-property';
import { PropertyFakes, type TestAddress } from '@nl/testing';
import { ADDRESS, expectShape, type Shape } from './support/shapes.js';
import {
  PROFILES,
  expectRefusedUncharged,
  jsonOf,
  startStack,
  type Stack,
} from './support/stack.js';

const numbers = (...names: string[]): Shape =>
  Object.fromEntries(names.map((name) => [name, 'number?']));

/** The spec's energy label record (Resources → Combined property response): 41 members. */
const LABEL: Shape = {
  registration_date: 'timestamp?',
  recording_date: 'timestamp?',
  valid_until: 'timestamp?',
  certificate_holder: 'string?',
  recording_type: 'string?',
  status: 'string?',
  calculation_type: 'string?',
  is_simplified_label: 'boolean?',
  based_on_reference_building: 'boolean?',
  building_class: 'string?',
  building_type: 'string?',
  building_subtype: 'string?',
  sbi_code: 'string?',
  zipcode: 'postcode?',
  house_number: 'integer?',
  house_letter: 'string?',
  house_number_addition: 'string?',
  detail_description: 'string?',
  bag_residence_id: 'id16?',
  bag_mooring_id: 'id16?',
  bag_stand_id: 'id16?',
  bag_building_ids: 'string[]',
  construction_year: 'integer?',
  usable_area_thermal_zone: 'number?',
  compactness: 'number?',
  energy_class: 'string?',
  ...numbers(
    'energy_index',
    'energy_index_emg_forfeit',
    'energy_demand',
    'primary_fossil_energy',
    'primary_fossil_energy_emg_forfeit',
    'renewable_energy_share',
    'renewable_energy_share_emg_forfeit',
    'temperature_overrun',
    'heat_demand',
    'requirement_energy_demand',
    'requirement_primary_fossil_energy',
    'requirement_renewable_energy_share',
    'requirement_temperature_overrun',
    'calculated_co2_emission',
    'calculated_energy_consumption',
  ),
};
const SUMMARY: Shape = {
  label: 'string?',
  energy_class: 'string?',
  energy_index: 'number?',
  building_class: 'string?',
  building_type: 'string?',
  building_subtype: 'string?',
  construction_year: 'integer?',
  calculated_co2_emission: 'number?',
  calculated_energy_consumption: 'number?',
  registration_date: 'timestamp?',
  valid_until: 'timestamp?',
};
const DETAILS = {
  recording: {
    recording_date: 'timestamp?',
    recording_type: 'string?',
    certificate_holder: 'string?',
    status: 'string?',
    calculation_type: 'string?',
    is_simplified_label: 'boolean?',
    based_on_reference_building: 'boolean?',
  } as Shape,
  energy_performance: numbers(
    'energy_index_emg_forfeit',
    'energy_demand',
    'primary_fossil_energy',
    'primary_fossil_energy_emg_forfeit',
    'renewable_energy_share',
    'renewable_energy_share_emg_forfeit',
    'temperature_overrun',
    'heat_demand',
  ),
  requirements: numbers(
    'energy_demand',
    'primary_fossil_energy',
    'renewable_energy_share',
    'temperature_overrun',
  ),
  rest: {
    bag_building_ids: 'string[]',
    sbi_code: 'string?',
    detail_description: 'string?',
  } as Shape,
};
const VALUE_AT: Shape = { amount: 'integer?', reference_date: 'date?' };
const BUILDING: Shape = {
  surface_area: 'number?',
  construction_year: 'integer?',
  type: 'string?',
  subtype: 'string?',
  class: 'string?',
  compactness: 'number?',
};
const PLANNING: Shape = {
  agrarisch: 'boolean',
  type: 'string',
  plan: 'string',
  plan_id: 'string',
  plan_url: 'string',
  plan_status: 'string?',
  plan_datum: 'date?',
  overheid: 'string?',
  bestemmingsvlak: 'object?',
};
const VLAK: Shape = {
  id: 'string?',
  naam: 'string?',
  type: 'string?',
  bestemmingshoofdgroep: 'string?',
};
const IDENTIFIERS: Shape = {
  nummeraanduiding_id: 'id16',
  verblijfsobject_id: 'id16?',
  openbareruimte_id: 'id16?',
};
const SOURCES = ['pdok', 'bag', 'ep-online', 'woz', 'ruimtelijke-plannen'];
const ALL_SOURCES = SOURCES.join('+');

/** Walks a dossier member by member against the spec's tables. */
function expectDossier(body: Record<string, unknown>) {
  const { meta, ...spec } = body as Record<string, Record<string, unknown>>;
  expect(Object.keys(spec).sort()).toEqual(
    [
      'found',
      'address',
      'bag_identifiers',
      'energy_labels',
      'energy_label',
      'energy_details',
      'property_value',
      'building',
      'spatial_planning',
    ].sort(),
  );
  expect(body.found).toBe(true);
  expectShape(spec.address, ADDRESS);
  expectShape(spec.bag_identifiers, IDENTIFIERS);
  const labels = body.energy_labels as Record<string, unknown>[];
  expect(labels.length).toBeGreaterThan(0);
  for (const label of labels) expectShape(label, LABEL);
  expectShape(spec.energy_label, SUMMARY);
  const { recording, energy_performance, requirements, ...rest } = spec.energy_details as Record<
    string,
    Record<string, unknown>
  >;
  expectShape(recording, DETAILS.recording);
  expectShape(energy_performance, DETAILS.energy_performance);
  expectShape(requirements, DETAILS.requirements);
  expectShape(rest, DETAILS.rest);
  const { history, ...current } = spec.property_value as Record<string, unknown>;
  expectShape(current, VALUE_AT);
  for (const earlier of history as Record<string, unknown>[]) expectShape(earlier, VALUE_AT);
  expectShape(spec.building, BUILDING);
  expectShape(spec.spatial_planning, PLANNING);
  expectShape(spec.spatial_planning.bestemmingsvlak as Record<string, unknown>, VLAK);
  expect(meta).toEqual({
    complete: true,
    sources: SOURCES.map((source) =>
      expect.objectContaining({ source, status: 'ok', code: null, reason: null }),
    ),
  });
}

describe.each(PROFILES)('property dossier and plans through the gateway (%s)', (profile) => {
  let fakes: PropertyFakes;
  let api: Stack;
  let next = 200;
  /** A fresh address (a copy of Europalaan 93 in every fake) that nothing has cached yet. */
  const fresh = (): TestAddress => fakes.copyEuropalaan(next++);
  const dossierOf = (a: TestAddress, headers?: Record<string, string>) =>
    api.get(
      `/v1/property/pandgegevens?postcode=${a.postcode}&house_number=${a.house_number}`,
      headers,
    );
  const allFakes = () => [fakes.pdok, fakes.bag, fakes.epOnline, fakes.woz, fakes.plans];

  beforeAll(async () => {
    fakes = await PropertyFakes.start(PROPERTY_RECORDINGS);
    api = await startStack(profile, { serviceEnv: fakes.env() });
  });
  afterAll(async () => {
    await api?.close();
    await fakes?.close();
  });
  afterEach(() => {
    jest.restoreAllMocks();
    fakes.reset();
  });

  it('should answer every member of the combined response, 10.00 fresh and 1.00 from cache', async () => {
    const address = fresh();
    const res = await dossierOf(address);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-credits-charged')).toBe('10.00');
    expect(res.headers.get('x-cache')).toBe('MISS');
    expect(res.headers.get('x-source')).toBe(ALL_SOURCES);
    const body = await jsonOf(res);
    expectDossier(body);
    expect(body).toMatchObject({
      bag_identifiers: { nummeraanduiding_id: address.id, verblijfsobject_id: address.vbo },
      energy_label: { label: 'A', valid_until: '2032-02-28T00:00:00' },
      property_value: { amount: 1_300_000, reference_date: '2025-01-01' },
      spatial_planning: { agrarisch: false, bestemmingsvlak: { naam: 'Kantoor' } },
    });

    const again = await dossierOf(address);
    expect(again.headers.get('x-cache')).toBe('HIT');
    expect(again.headers.get('x-credits-charged')).toBe('1.00');
    expect(await jsonOf(again)).toEqual(body);
  });

  it('should answer the spatial plans at a point and at an address, newest first, historical left out', async () => {
    const address = fresh();
    fakes.plans.clearCalls();
    for (const query of [
      `lat=${address.lat}&lon=${address.lon}`,
      `postcode=${address.postcode}&huisnummer=${address.house_number}`,
      // Both given: the coordinates win (the address is elsewhere).
      `lat=${address.lat}&lon=${address.lon}&postcode=3581WS&huisnummer=1`,
    ]) {
      const res = await api.get(`/v1/dso/plans?${query}`);
      expect(res.status).toBe(200);
      const body = await jsonOf(res);
      expect(Object.keys(body)).toEqual(['_embedded']);
      const plans = body._embedded.plannen as Record<string, Record<string, unknown>>[];
      expect(plans.map((p) => p.id)).toEqual([
        'NL.IMRO.0344.ILLUSTRATIEF02-VA01',
        'NL.IMRO.0344.ILLUSTRATIEF01-VA01',
      ]);
      for (const plan of plans) {
        const { planstatusInfo, beleidsmatigVerantwoordelijkeOverheid, ...rest } = plan;
        expectShape(rest, { id: 'string', naam: 'string', type: 'string', plan_url: 'string' });
        expectShape(planstatusInfo, { planstatus: 'string?', datum: 'date?' });
        expectShape(beleidsmatigVerantwoordelijkeOverheid, { naam: 'string?' });
        expect(plan.plan_url).toBe(
          `https://www.ruimtelijkeplannen.nl/viewer/view?planidn=${String(plan.id)}`,
        );
      }
    }
    // One search for the point, shared by all three (and by the dossier's spatial_planning).
    expect(fakes.plans.callsTo('/plannen/_zoek')).toHaveLength(1);
  });

  it.each([
    ['bag', 'bag', 'building'],
    ['epOnline', 'ep-online', 'energy_labels'],
    ['woz', 'woz', 'property_value'],
    ['plans', 'ruimtelijke-plannen', 'spatial_planning'],
  ] as const)(
    'should answer 200 with the partial price when %s fails: its block null, meta saying why',
    async (fake, source, block) => {
      fakes[fake].fail(500);
      const res = await dossierOf(fresh());
      expect(res.status).toBe(200);
      expect(res.headers.get('x-credits-charged')).toBe('1.00');
      expect(res.headers.get('x-source')).toBe(SOURCES.filter((s) => s !== source).join('+'));
      const body = await jsonOf(res);
      if (block === 'building') expect(body.address.surface_area_m2).toBeNull();
      else expect(body[block]).toBeNull();
      expect(body.meta.complete).toBe(false);
      expect(body.meta.sources.find((s: { source: string }) => s.source === source)).toMatchObject({
        status: 'failed',
        code: 'upstream_unavailable',
        reason: expect.any(String),
      });
    },
  );

  it.each([
    [500, 503, 'upstream_unavailable'],
    ['timeout', 504, 'upstream_timeout'],
  ] as const)(
    'should answer %s of the address register as %s, uncharged',
    async (failure, status, code) => {
      if (failure === 'timeout') fakes.pdok.timeout();
      else fakes.pdok.fail(failure);
      const res = await dossierOf(fresh());
      expect(res.status).toBe(status);
      expect((await jsonOf(res)).code).toBe(code);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(res.headers.get('x-credits-charged')).toBe('0.00');
    },
    15_000,
  );

  it('should answer an unknown address 404 found:false, uncharged', async () => {
    const res = await api.get('/v1/property/pandgegevens?postcode=3526KP&house_number=94');
    expect(res.status).toBe(404);
    expect(res.headers.get('x-credits-charged')).toBe('0.00');
    expect(await jsonOf(res)).toEqual({ found: false, address: null });
  });

  it('should ask every source again for Cache-Control: no-cache, at the fresh price', async () => {
    const address = fresh();
    const body = await jsonOf(await dossierOf(address));
    for (const fake of allFakes()) fake.clearCalls();
    const bypassed = await dossierOf(address, { ...api.auth, 'cache-control': 'no-cache' });
    expect(bypassed.status).toBe(200);
    expect(bypassed.headers.get('x-cache')).toBe('BYPASS');
    expect(bypassed.headers.get('x-credits-charged')).toBe('10.00');
    expect(await jsonOf(bypassed)).toEqual(body);
    // Every cache on the way skipped: the address, BAG, EP-Online, WOZ and both plans calls.
    expect(allFakes().map((f) => f.calls.length)).toEqual([1, 2, 1, 1, 2]);
  });

  it('should ask each upstream once for 100 concurrent identical cold dossiers', async () => {
    const { key } = await api.account({ tier: 'premium', credits: 2_000 });
    const address = fresh();
    for (const fake of allFakes()) {
      fake.clearCalls();
      fake.slow(30);
    }
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => dossierOf(address, { 'x-api-key': key })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(100).fill(200));
    // PDOK /free; BAG address and verblijfsobject; EP-Online; WOZ; plans search and vlakken.
    expect(allFakes().map((f) => f.calls.length)).toEqual([1, 2, 1, 1, 2]);
  });

  describe('input table', () => {
    it.each([
      ['property/pandgegevens', 'postcode=0123AB&house_number=1', 'postcode'],
      ['property/pandgegevens', 'postcode=1234A&house_number=1', 'postcode'],
      ['property/pandgegevens', 'house_number=1', 'postcode'],
      ['property/pandgegevens', 'postcode=3526KP', 'house_number'],
      ['property/pandgegevens', 'postcode=3526KP&house_number=0', 'house_number'],
      ['property/pandgegevens', 'postcode=3526KP&house_number=93&house_letter=AB', 'house_letter'],
      [
        'property/pandgegevens',
        'postcode=3526KP&house_number=93&house_number_addition=12345',
        'house_number_addition',
      ],
      ['property/pandgegevens', 'postcode=3526KP&house_number=93&extra=1', 'extra'],
      ['dso/plans', '', 'lat'],
      ['dso/plans', 'lat=52.06', 'lon'],
      ['dso/plans', 'lon=5.1', 'lat'],
      ['dso/plans', 'lat=abc&lon=5.1', 'lat'],
      ['dso/plans', 'lat=91&lon=5.1', 'lat'],
      ['dso/plans', 'lat=51.2194&lon=4.4025', 'lat'],
      ['dso/plans', 'lat=5.1069&lon=52.0641', 'lat'],
      ['dso/plans', 'lat=51.5072&lon=-0.1276', 'lon'],
      ['dso/plans', 'postcode=3526KP', 'huisnummer'],
      ['dso/plans', 'huisnummer=93', 'postcode'],
      ['dso/plans', 'postcode=35261KP&huisnummer=93', 'postcode'],
      ['dso/plans', 'postcode=3526KP&huisnummer=-1', 'huisnummer'],
      ['dso/plans', 'lat=52.06&lon=5.1&postcode=bad&huisnummer=93', 'postcode'],
    ])('/v1/%s?%s → 400 with a field error on %s, uncharged', async (path, query, field) => {
      await expectRefusedUncharged(api, `/v1/${path}?${query}`, field);
    });
  });
});
