import { readFileSync } from 'node:fs';
import { parseXml } from '@nl/platform-dataset';
import {
  toTruckParkingSites,
  toTruckParkingStatuses,
} from '../upstream/truckparking/truckparking.mapper.js';
import { checkOccupancy } from './occupancy-check.js';

const shipped = (file: string) =>
  parseXml(readFileSync(new URL(`../data/${file}`, import.meta.url), 'utf8'));
const statuses = toTruckParkingStatuses(shipped('truckparking-status.xml'));
const sites = toTruckParkingSites(shipped('truckparking-table.xml'));
const published = (id: string) => {
  const status = statuses.find((s) => s.id === id);
  if (!status) throw new Error(`no status ${id}`);
  return status.occupancy;
};
const capacity = (id: string) => sites.find((s) => s.id === id)?.site.total_capacity ?? null;

describe(checkOccupancy.name, () => {
  it('should null the negative counts NDW published for NL-12_8 and keep them raw', () => {
    // The real status file: 4 occupied, 326 vacant, -30 %; a group with -110 occupied, -110 %.
    const { occupancy, inconsistent } = checkOccupancy(published('NL-12_8'), null);
    expect(inconsistent).toBe(true);
    expect(occupancy).toMatchObject({
      vacant_spaces: 326,
      occupied_spaces: 4,
      occupancy_percent: null,
      raw: { vacant_spaces: 326, occupied_spaces: 4, occupancy_percent: -30 },
    });
    expect(occupancy.groups.find((g) => g.raw.occupied_spaces === -110)).toEqual({
      group_index: expect.any(Number),
      vacant_spaces: 210,
      occupied_spaces: null,
      occupancy_percent: null,
      raw: { vacant_spaces: 210, occupied_spaces: -110, occupancy_percent: -110 },
    });
  });

  it('should null more vacant spaces than the site has (Venlo: 576 of 390)', () => {
    expect(capacity('NL-12_421')).toBe(390);
    const { occupancy, inconsistent } = checkOccupancy(published('NL-12_421'), 390);
    expect(inconsistent).toBe(true);
    expect(occupancy).toMatchObject({
      vacant_spaces: null,
      occupied_spaces: 0,
      occupancy_percent: 62.57143,
      raw: { vacant_spaces: 576, occupied_spaces: 0, occupancy_percent: 62.57143 },
    });
  });

  it('should flag vacant and occupied together above the capacity, keeping both', () => {
    const { occupancy, inconsistent } = checkOccupancy(published('NL-12_408'), 40);
    expect(inconsistent).toBe(true);
    expect(occupancy).toMatchObject({ vacant_spaces: 29, occupied_spaces: 17 });
  });

  it('should pass possible numbers through unflagged, even when they do not add up', () => {
    // NL-12_408: 29 vacant, 17 occupied, 54 %, groups within 0–100 %.
    expect(checkOccupancy(published('NL-12_408'), null)).toMatchObject({
      inconsistent: false,
      occupancy: { vacant_spaces: 29, occupied_spaces: 17, occupancy_percent: 54 },
    });
    expect(checkOccupancy(published('NL-12_413'), capacity('NL-12_413'))).toMatchObject({
      inconsistent: false,
      occupancy: { vacant_spaces: 0, occupied_spaces: 0, occupancy_percent: 0 },
    });
  });

  it('should read the table marked informationStatus test, and a status file without one', () => {
    expect(sites.map((s) => s.site.information_status)).toEqual(['test', 'test']);
    expect(published('NL-12_421').information_status).toBeNull();
  });
});
