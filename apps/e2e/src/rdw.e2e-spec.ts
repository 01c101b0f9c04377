import {
  RDW_AXLE_FIELDS,
  RDW_BODY_FIELDS,
  RDW_FUEL_FIELDS,
  RDW_VEHICLE_FIELDS,
} from '@nl/contracts-rdw';
import { rdwRecording, recordedRows } from '@nl/domain-rdw';
import { RDW_DATASETS, RdwFake, datasetPath } from '@nl/testing';
import { PROFILES, jsonOf, startStack, type Stack } from './support/stack.js';

type Kind = 'string' | 'integer' | 'boolean' | 'date' | 'string[]' | 'integer[]';

/** The spec's tables: every member and its type (null allowed unless required below). */
const LITE_VEHICLE: Record<string, Kind> = {
  brand: 'string',
  model: 'string',
  color: 'string',
  fuel_type: 'string',
  mass_empty: 'integer',
  power_kw: 'integer',
  top_speed_kmh: 'integer',
  registration_date: 'date',
  first_admission_date: 'date',
};
const FULL_VEHICLE: Record<string, Kind> = {
  ...LITE_VEHICLE,
  fuel_types: 'string[]',
  hybrid: 'boolean',
  vehicle_type: 'string',
  seats: 'integer',
  doors: 'integer',
  wheels: 'integer',
  length_cm: 'integer',
  wheelbase_cm: 'integer',
  mass_roadworthy_kg: 'integer',
  max_mass_kg: 'integer',
  towing_capacity_braked_kg: 'integer',
  towing_capacity_unbraked_kg: 'integer',
  catalog_price_eur: 'integer',
  axle_count: 'integer',
  eu_category: 'string',
  type_approval_number: 'string',
  body_type: 'string',
  body_code: 'string',
  driven_axles: 'integer[]',
};
const ELECTRIC: Record<string, Kind> = {
  electric_range_km: 'integer',
  electric_consumption_wh_km: 'integer',
};
const COMPLIANCE: Record<string, Kind> = {
  apk_expiry_date: 'date',
  tachograph_expiry_date: 'date',
  emission_class: 'integer',
  allowed_in_green_zones: 'boolean',
  transfer_possible: 'boolean',
  recall_active: 'boolean',
  export_indicator: 'boolean',
  taxi: 'boolean',
  liability_insured: 'boolean',
  last_odometer_report: 'string',
};

function expectShape(object: Record<string, unknown>, shape: Record<string, Kind>) {
  expect(Object.keys(object).sort()).toEqual(Object.keys(shape).sort());
  for (const [key, kind] of Object.entries(shape)) {
    const value = object[key];
    if (kind === 'string[]' || kind === 'integer[]') {
      expect(Array.isArray(value)).toBe(true);
      for (const item of value as unknown[])
        expect(kind === 'string[]' ? typeof item === 'string' : Number.isInteger(item)).toBe(true);
      continue;
    }
    if (value === null) continue;
    if (kind === 'integer') expect(Number.isInteger(value)).toBe(true);
    else if (kind === 'date') expect(value).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    else expect(typeof value).toBe(kind);
  }
}

function expectRawRows(rows: Record<string, unknown>[], fields: readonly string[]) {
  for (const row of rows) {
    expect(Object.keys(row)).toEqual([...fields]);
    for (const value of Object.values(row))
      expect(value === null || typeof value === 'string').toBe(true);
  }
}

describe.each(PROFILES)('vehicles through the gateway (%s)', (profile) => {
  let api: Stack;
  let rdw: RdwFake;
  beforeAll(async () => {
    rdw = await RdwFake.start({ recording: rdwRecording, rows: recordedRows });
    api = await startStack(profile, { serviceEnv: { RDW_URL: rdw.url } });
  });
  afterAll(async () => {
    await api?.close();
    await rdw?.close();
  });

  const lookup = (path: string, plate: string) =>
    api.get(`/v1/rdw/${path}?license_plate=${encodeURIComponent(plate)}`);

  describe.each([
    ['a diesel car', 'TT601D', false],
    ['an electric car', 'XXX99X', true],
  ])('%s', (_what, plate, electric) => {
    it('should answer the lite record with every member of the spec', async () => {
      const res = await lookup('vehicle-lite', plate);
      expect(res.status).toBe(200);
      const body = await jsonOf(res);
      expect(Object.keys(body).sort()).toEqual([
        'compliance',
        'error',
        'found',
        'license_plate',
        'vehicle',
      ]);
      expect(body).toMatchObject({ found: true, license_plate: plate, error: null });
      expectShape(body.vehicle, LITE_VEHICLE);
      expectShape(body.compliance, COMPLIANCE);
    });

    it('should answer the full record: lite members and more, compliance and the four raw datasets', async () => {
      const res = await lookup('vehicle', plate);
      expect(res.status).toBe(200);
      expect(res.headers.get('x-credits-charged')).toBe('2.00');
      const body = await jsonOf(res);
      expect(Object.keys(body).sort()).toEqual([
        'compliance',
        'found',
        'license_plate',
        'rdw',
        'vehicle',
      ]);
      expectShape(body.vehicle, electric ? { ...FULL_VEHICLE, ...ELECTRIC } : FULL_VEHICLE);
      expectShape(body.compliance, COMPLIANCE);
      expect(Object.keys(body.rdw.vehicle)).toEqual([...RDW_VEHICLE_FIELDS]);
      expectRawRows([body.rdw.vehicle], RDW_VEHICLE_FIELDS);
      expectRawRows(body.rdw.fuel, RDW_FUEL_FIELDS);
      expectRawRows(body.rdw.body, RDW_BODY_FIELDS);
      expectRawRows(body.rdw.axles, RDW_AXLE_FIELDS);
      if (electric) {
        expect(body.vehicle).toMatchObject({
          fuel_types: ['Elektriciteit'],
          electric_range_km: 513,
          electric_consumption_wh_km: 144,
        });
        expect(body.compliance.allowed_in_green_zones).toBe(true);
      } else {
        expect(body.vehicle).not.toHaveProperty('electric_range_km');
        expect(body.vehicle).not.toHaveProperty('electric_consumption_wh_km');
        expect(body.compliance).toMatchObject({ emission_class: 5, allowed_in_green_zones: false });
        expect(body.rdw.axles).toHaveLength(2);
      }
    });
  });

  it('should treat tt-601-d, TT601D and "tt 601 d" as one cache entry', async () => {
    rdw.upstream.clearCalls();
    const states: (string | null)[] = [];
    for (const plate of ['F-794-kp', 'F794KP', 'f 794 kp']) {
      const res = await lookup('vehicle-lite', plate);
      expect(res.status).toBe(200);
      expect((await jsonOf(res)).license_plate).toBe('F794KP');
      states.push(res.headers.get('x-cache'));
    }
    expect(states).toEqual(['MISS', 'HIT', 'HIT']);
    expect(rdw.callsTo(RDW_DATASETS.vehicle)).toHaveLength(1);
  });

  it('should refuse a string that is no Dutch plate with 400, before any charge', async () => {
    const res = await lookup('vehicle', 'XYZ');
    expect(res.status).toBe(400);
    expect(res.headers.get('x-credits-charged')).toBeNull();
    expect(JSON.stringify(await jsonOf(res))).toContain('Dutch licence plate');
  });

  it.each([
    [
      'vehicle-lite',
      {
        found: false,
        license_plate: 'ZZ99ZZ',
        vehicle: null,
        compliance: null,
        error: 'not_found',
      },
    ],
    [
      'vehicle',
      { found: false, license_plate: 'ZZ99ZZ', vehicle: null, compliance: null, rdw: null },
    ],
  ])(
    'should answer an unknown well-formed plate on %s 404 found:false with its own envelope, uncharged',
    async (path, body) => {
      const res = await lookup(path, 'ZZ-99-ZZ');
      expect(res.status).toBe(404);
      expect(res.headers.get('x-credits-charged')).toBe('0.00');
      expect(await jsonOf(res)).toEqual(body);
    },
  );

  it('should make one call per dataset for 100 concurrent identical cold requests', async () => {
    rdw.upstream.clearCalls();
    const responses = await Promise.all(
      Array.from({ length: 100 }, () => lookup('vehicle', 'R759BK')),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(100).fill(200));
    for (const dataset of Object.values(RDW_DATASETS)) expect(rdw.callsTo(dataset)).toHaveLength(1);
  });

  it('should answer 504, never a partial record, when one dataset times out, and cache nothing', async () => {
    rdw.upstream.timeout(Infinity, datasetPath(RDW_DATASETS.fuel));
    try {
      const res = await lookup('vehicle', 'F794KP');
      expect(res.status).toBe(504);
      expect(res.headers.get('x-credits-charged')).toBe('0.00');
      expect(res.headers.get('retry-after')).toBe('60');
      expect((await jsonOf(res)).code).toBe('upstream_timeout');
    } finally {
      rdw.upstream.reset();
    }
    const after = await lookup('vehicle', 'F794KP');
    expect(after.status).toBe(200);
    expect(after.headers.get('x-cache')).toBe('MISS');
    expect((await jsonOf(after)).rdw.fuel).toHaveLength(1);
  });

  it('should answer 503 when a dataset cannot be reached or rate-limits us', async () => {
    // Plates nobody asked for yet: no cached copy can stand in.
    for (const [plate, misbehave] of [
      ['NN01NN', () => rdw.upstream.drop(Infinity, datasetPath(RDW_DATASETS.fuel))],
      ['NN02NN', () => rdw.upstream.rateLimit(1, Infinity, datasetPath(RDW_DATASETS.fuel))],
    ] as const) {
      misbehave();
      try {
        const res = await lookup('vehicle-lite', plate);
        expect(res.status).toBe(503);
        expect((await jsonOf(res)).code).toBe('upstream_unavailable');
        expect(res.headers.get('x-credits-charged')).toBe('0.00');
      } finally {
        rdw.upstream.reset();
      }
    }
  });
});
