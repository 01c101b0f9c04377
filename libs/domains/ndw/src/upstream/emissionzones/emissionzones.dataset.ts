import { parseXml, readText, type TableDatasetDefinition } from '@nl/platform-dataset';
import { toEmissionZones } from './emissionzones.mapper.js';
import type { EmissionZoneRow } from './emissionzones.types.js';

export const EMISSIONZONES_SNAPSHOT = new URL('../../data/emissiezones.xml', import.meta.url);

/**
 * NDW's controlled-zone table (~120 KB gzipped): gunzipped by the loader, read whole, parsed
 * strictly; only active zones become rows. Malformed XML fails the refresh, the old zones stay.
 */
export const EMISSIONZONES_DATASET: TableDatasetDefinition<EmissionZoneRow> = {
  name: 'ndw-emissionzones',
  async *rows(body) {
    yield* toEmissionZones(parseXml(await readText(body)));
  },
  minShare: 0.5,
};

export const EMISSIONZONE_COLUMNS = ['id', 'city_key', 'categories', 'zone', 'conditions'] as const;
