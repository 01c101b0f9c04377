import { parseXml, readText, type TableDatasetDefinition } from '@nl/platform-dataset';
import { toTruckParkingSites, toTruckParkingStatuses } from './truckparking.mapper.js';
import type { TruckParkingSiteRow, TruckParkingStatusRow } from './truckparking.types.js';

const data = (file: string) => new URL(`../../data/${file}`, import.meta.url);

export const TRUCKPARKING_TABLE_SNAPSHOT = data('truckparking-table.xml');
export const TRUCKPARKING_STATUS_SNAPSHOT = data('truckparking-status.xml');

/**
 * The two DATEX II truck-parking files are small (the status file ~18 KB), so each is read
 * whole and parsed strictly: malformed XML fails the refresh and the version in use stays.
 */
export const TRUCKPARKING_TABLE_DATASET: TableDatasetDefinition<TruckParkingSiteRow> = {
  name: 'ndw-truckparking-table',
  async *rows(body) {
    yield* toTruckParkingSites(parseXml(await readText(body)));
  },
  minShare: 0.5,
};

export const TRUCKPARKING_STATUS_DATASET: TableDatasetDefinition<TruckParkingStatusRow> = {
  name: 'ndw-truckparking-status',
  async *rows(body) {
    yield* toTruckParkingStatuses(parseXml(await readText(body)));
  },
  minShare: 0.5,
};

export const TRUCKPARKING_SITE_COLUMNS = ['id', 'road', 'roads', 'site'] as const;
export const TRUCKPARKING_STATUS_COLUMNS = [
  'id',
  'status',
  'vacant',
  'origin_time',
  'occupancy',
] as const;
