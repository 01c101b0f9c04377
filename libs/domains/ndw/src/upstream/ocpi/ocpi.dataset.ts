import { readJsonArray, type TableDatasetDefinition } from '@nl/platform-dataset';
import { toChargePointItem, toChargePointRow } from './ocpi.mapper.js';
import type { ChargePointRow, OcpiLocation } from './ocpi.types.js';

export const CHARGEPOINTS_SNAPSHOT = new URL(
  '../../data/charging_point_locations_ocpi.json',
  import.meta.url,
);

/**
 * NDW's OCPI locations file as a table dataset: the JSON array is read element by element
 * (never the whole ~200 MB at once), each Location mapped to a row as it arrives. A refresh
 * under half the locations in use is refused.
 */
export const CHARGEPOINTS_DATASET: TableDatasetDefinition<ChargePointRow> = {
  name: 'ndw-chargepoints',
  async *rows(body) {
    for await (const element of readJsonArray(body)) {
      if (typeof element !== 'object' || element === null) continue;
      const item = toChargePointItem(element as OcpiLocation);
      if (item) yield toChargePointRow(item);
    }
  },
  minSize: 1,
  minShare: 0.5,
};

export const CHARGEPOINT_COLUMNS = [
  'id',
  'city_key',
  'postcode_key',
  'operator_key',
  'lat',
  'lon',
  'max_power_kw',
  'standards',
  'available',
  'item',
] as const;
