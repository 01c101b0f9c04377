import type { PropertyRecord, RawPropertyRecord } from './property.types.js';

/** The API's record from the upstream's. TODO: map every field of the product spec. */
export function toPropertyRecord(raw: RawPropertyRecord): PropertyRecord {
  return { id: raw.id, name: raw.name?.trim() || null };
}
