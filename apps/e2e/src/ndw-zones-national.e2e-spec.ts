import { NdwDatasets } from '@nl/domain-ndw';
import { rdwRecording, recordedRows } from '@nl/domain-rdw';
import { RDW_DATASETS, RdwFake } from '@nl/testing';
import { readFileSync } from 'node:fs';
import { PROFILES, jsonOf, startStack, type Stack } from './support/stack.js';

const NDW = new URL('../../../libs/domains/ndw/src/', import.meta.url);
/** NDW's complete national emission-zone file of 2025-07-07 (42 zones, real). */
const NATIONAL_2025 = new URL(
  'upstream/emissionzones/fixtures/emissiezones-2025-07-07.xml.gz',
  NDW,
);
/** A real RDW row of a taxi (02JLT3, 2009); the other plates are the rdw service's recordings. */
const TAXI_ROWS = JSON.parse(
  readFileSync(new URL('access/fixtures/m9d7-ebf2_02JLT3.json', NDW), 'utf8'),
) as Record<string, string>[];

const AMSTERDAM = 'NDW11_989846cf-0343-4abc-b169-1a2ddaf497d9';
const BREDA = 'NDW11_63a0104e-0b70-4b01-ad72-1ec692b41c47';
const ONBEKEND = 'NDW11_1f239faf-c257-462d-99a1-2ae84e8486fc';

/**
 * The national zone file of 2025 served through the gateway, with real RDW vehicles: the
 * municipality aliases, the category filter, the zone types from the rules, placeholder ids,
 * and the access check on the rules the 2026 capture lacks (categories `m`/`n`, Euro 1–4 as
 * DATEX extensions, the taxi exemption, diesel bans on any vehicle).
 */
describe.each(PROFILES)('the national emission-zone file of 2025 (%s)', (profile) => {
  let api: Stack;
  let rdw: RdwFake;
  let datasets: NdwDatasets;

  beforeAll(async () => {
    rdw = await RdwFake.start({ recording: rdwRecording, rows: recordedRows });
    rdw.setRows(RDW_DATASETS.vehicle, '02JLT3', TAXI_ROWS);
    api = await startStack(profile, { serviceEnv: { RDW_URL: rdw.url } });
    datasets = api.service('ndw').get(NdwDatasets);
    expect(await datasets.refresh('emissionZones', NATIONAL_2025.href)).toMatchObject({
      ok: true,
      size: 42,
    });
  });
  afterAll(async () => {
    // A shared database keeps the shipped snapshot for the next suite.
    await datasets?.reinstallShipped('emissionZones');
    await api?.close();
    await rdw?.close();
  });

  const list = async (query: string) => jsonOf(await api.get(`/v1/ndw/emissiezones?${query}`));
  const names = (body: { results: { name: string | null }[] }) => body.results.map((z) => z.name);

  it.each([
    ['Den Haag', ['LEZ Den Haag', 'ZE Den Haag', 'ZE Den Haag Kust']],
    ["'s-Gravenhage", ['LEZ Den Haag', 'ZE Den Haag', 'ZE Den Haag Kust']],
    ['den bosch', ["LEZ 's-Hertogenbosch", "ZE 's-Hertogenbosch"]],
    ['RIJSWIJK', ['LEZ Rijswijk']],
  ])('should find the zones of city=%s', async (city, expected) => {
    expect(names(await list(`city=${encodeURIComponent(city)}`))).toEqual(expected);
  });

  it('should list the zones that ban every diesel under vehicle_category=N1 and M1', async () => {
    const n1 = await list('vehicle_category=N1&per_page=100');
    expect(n1.total).toBe(42);
    const m1 = await list('vehicle_category=M1&per_page=100');
    expect(m1.total).toBe(14);
    expect(names(m1)).toContain('LEZ Breda');
    for (const zone of m1.results) expect(zone.zone_type).toBe('low_emission');
  });

  it('should type the zones from their rules and null the placeholders', async () => {
    const all = await list('per_page=100');
    const byName = (name: string | null) =>
      all.results.find((z: { name: string }) => z.name === name);
    expect(byName('ZES Maastricht')).toMatchObject({
      zone_type: 'zero_emission',
      zero_emission_categories: ['N1', 'N2', 'N3'],
    });
    expect(byName('Milieuzone Maastricht')).toMatchObject({
      zone_type: 'low_emission',
      zero_emission_categories: [],
    });
    const onbekend = await jsonOf(await api.get(`/api/v1/ndw/emissiezones/${ONBEKEND}`));
    expect(onbekend.result).toMatchObject({
      name: null,
      regulation_id: null,
      zone_type: 'zero_emission',
    });
  });

  it.each([
    ['TT-601-D', AMSTERDAM, true, /_1_VCECVAC_CS$/],
    ['02-JLT-3', AMSTERDAM, true, /_taxiExemption_CS$/],
    ['TT-601-D', BREDA, false, /_restriction_VC$/],
    ['F794KP', BREDA, true, /_restriction_VC$/],
    ['R759BK', BREDA, null, /_restriction_VC$/],
  ])('should answer %s in %s: allowed %s', async (plate, zone, allowed, rule) => {
    const res = await api.get(`/v1/ndw/emissiezones/${zone}/access?license_plate=${plate}`);
    expect(res.status).toBe(200);
    const body = await jsonOf(res);
    expect(body).toMatchObject({ allowed, rule: { id: expect.stringMatching(rule) } });
    expect(body.reason).toMatch(/\w/);
  });

  it('should judge from the facts RDW gives for the recorded rows', async () => {
    const facts = async (plate: string) =>
      (
        await jsonOf(
          await api.get(`/v1/ndw/emissiezones/${AMSTERDAM}/access?license_plate=${plate}`),
        )
      ).vehicle;
    expect(await facts('TT601D')).toEqual({
      license_plate: 'TT601D',
      category: 'M1',
      fuel_types: ['Diesel'],
      euro_class: 5,
      first_admission_date: '2013-05-17',
      taxi: false,
      body_codes: ['AF'],
    });
    expect(await facts('02JLT3')).toMatchObject({
      category: null,
      fuel_types: [],
      first_admission_date: '2009-07-06',
      taxi: true,
      body_codes: [],
    });
    expect(await facts('R759BK')).toMatchObject({
      category: 'M1',
      fuel_types: [],
      euro_class: null,
      first_admission_date: '2022-07-25',
      taxi: false,
      body_codes: [],
    });
    expect(await facts('F794KP')).toMatchObject({
      category: 'L1',
      fuel_types: ['Benzine'],
      euro_class: null,
      first_admission_date: '2012-08-23',
      taxi: false,
    });
  });

  it('should name the missing fact when it cannot decide', async () => {
    const body = await jsonOf(
      await api.get(`/v1/ndw/emissiezones/${BREDA}/access?license_plate=R759BK`),
    );
    expect(body.reason).toMatch(/the fuel, which the register lacks/);
  });
});
