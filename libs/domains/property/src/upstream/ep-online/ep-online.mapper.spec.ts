import { readFileSync } from 'node:fs';
import {
  latestLabel,
  localTimestamp,
  toEnergyDetails,
  toEnergyLabel,
  toEnergyLabels,
  toLabelSummary,
} from './ep-online.mapper.js';
import type { EpLabel } from './ep-online.types.js';

const read = (file: string) =>
  JSON.parse(readFileSync(new URL(`./recorded/${file}`, import.meta.url), 'utf8')) as EpLabel[];
/** A real (summary) answer: Witte de Withstraat 42A, Rotterdam. */
const [ROTTERDAM] = read('PandEnergielabel_AdresseerbaarObject_0599010000295420.json');
/** Illustrative labels of Europalaan 93: a current A (2022) and an expired C (2012). */
const EUROPALAAN = read('illustrative_0344010000006589.json');

describe(localTimestamp.name, () => {
  it.each([
    ['2025-11-17', '2025-11-17T00:00:00'],
    ['2026-02-04T15:31:59.943', '2026-02-04T15:31:59.943'],
    ['2020-01-02T00:00:00Z', '2020-01-02T00:00:00'],
    ['2020-01-02T10:30+01:00', '2020-01-02T10:30:00'],
    [' 2036-01-14T00:00:00 ', '2036-01-14T00:00:00'],
    ['17-11-2025', null],
    ['', null],
    [null, null],
    [undefined, null],
  ])('should write %j as %j', (input, expected) => {
    expect(localTimestamp(input)).toBe(expected);
  });
});

describe(toEnergyLabel.name, () => {
  it('should map the real summary record, members it leaves out as null', () => {
    const label = toEnergyLabel(ROTTERDAM);
    expect(label).toMatchObject({
      registration_date: '2026-02-04T15:31:59.943',
      recording_date: '2026-01-14T00:00:00',
      valid_until: '2036-01-14T00:00:00',
      recording_type: 'Basisopname',
      status: 'Bestaand',
      building_class: 'Woningbouw',
      building_type: 'Appartement',
      building_subtype: 'Tussenmidden',
      bag_residence_id: '0599010000295420',
      bag_building_ids: ['0599100000691863'],
      construction_year: 1873,
      usable_area_thermal_zone: 54.41,
      energy_class: 'B',
      energy_demand: 109.02,
      primary_fossil_energy: 172.52,
      renewable_energy_share: 0,
      calculated_co2_emission: 31.8,
      calculated_energy_consumption: 172.51,
      // Left out of the summary: null, never invented.
      certificate_holder: null,
      calculation_type: null,
      zipcode: null,
      house_number: null,
      energy_index: null,
      requirement_energy_demand: null,
    });
    expect(Object.keys(label)).toHaveLength(41);
  });

  it('should give every member of the spec for a full record', () => {
    const label = toEnergyLabel(EUROPALAAN[0]);
    expect(Object.values(label).filter((value) => value === undefined)).toEqual([]);
    expect(label).toMatchObject({
      zipcode: '3526KP',
      house_number: 93,
      is_simplified_label: false,
      sbi_code: '6201',
      temperature_overrun: 0,
    });
  });

  it('should read wrong types as null, never pass them through', () => {
    const odd = toEnergyLabel({
      Huisnummer: 12.5,
      Compactheid: Number.NaN,
      Postcode: '1444 je',
      BAGPandIDs: null,
      IsVereenvoudigdLabel: 'ja' as unknown as boolean,
    });
    expect(odd).toMatchObject({
      house_number: null,
      compactness: null,
      zipcode: '1444JE',
      bag_building_ids: [],
      is_simplified_label: null,
    });
  });
});

describe(latestLabel.name, () => {
  const labels = toEnergyLabels([...EUROPALAAN].reverse());

  it('should sort newest registration first', () => {
    expect(labels.map((l) => l.energy_class)).toEqual(['A', 'C']);
  });

  it.each([
    ['2026-11-24', 'A'],
    ['2021-01-01', 'A'],
    ['2033-01-01', 'A'],
  ])('on %s should pick label %s (newest valid, else newest expired)', (today, expected) => {
    expect(latestLabel(labels, today)?.energy_class).toBe(expected);
  });

  it('should prefer an older valid label over a newer expired one', () => {
    const expiredNewer = {
      ...labels[0],
      registration_date: '2030-01-01T00:00:00',
      valid_until: '2030-06-01T00:00:00',
      energy_class: 'G',
    };
    const validOlder = { ...labels[1], valid_until: '2040-01-01T00:00:00' };
    expect(latestLabel([expiredNewer, validOlder], '2031-01-01')?.energy_class).toBe('C');
  });

  it('should answer null for no labels', () => {
    expect(latestLabel([], '2026-11-24')).toBeNull();
  });
});

describe('the reduced and detailed forms', () => {
  const [latest] = toEnergyLabels(EUROPALAAN);

  it('should reduce the latest label to the spec members of energy_label', () => {
    expect(Object.keys(toLabelSummary(latest)).sort()).toEqual(
      [
        'label',
        'energy_class',
        'energy_index',
        'building_class',
        'building_type',
        'building_subtype',
        'construction_year',
        'calculated_co2_emission',
        'calculated_energy_consumption',
        'registration_date',
        'valid_until',
      ].sort(),
    );
    expect(toLabelSummary(latest).label).toBe('A');
  });

  it('should group energy_details as the spec does', () => {
    const details = toEnergyDetails(latest);
    expect(details.recording.calculation_type).toBe('NTA 8800:2022');
    expect(details.energy_performance).toEqual({
      energy_index_emg_forfeit: null,
      energy_demand: 98.3,
      primary_fossil_energy: 142.7,
      primary_fossil_energy_emg_forfeit: 150.1,
      renewable_energy_share: 21.4,
      renewable_energy_share_emg_forfeit: 19.8,
      temperature_overrun: 0,
      heat_demand: 61.2,
    });
    expect(Object.keys(details.requirements).sort()).toEqual(
      [
        'energy_demand',
        'primary_fossil_energy',
        'renewable_energy_share',
        'temperature_overrun',
      ].sort(),
    );
    expect(details).toMatchObject({
      bag_building_ids: ['0344100000000001'],
      sbi_code: '6201',
      detail_description: null,
    });
  });
});
