import type {
  TruckParkingCounts,
  TruckParkingGroupOccupancy,
  TruckParkingOccupancy,
} from '@nl/contracts-ndw';
import type { PublishedOccupancy } from '../upstream/truckparking/truckparking.types.js';

export interface CheckedOccupancy {
  readonly occupancy: TruckParkingOccupancy;
  /** A published number was impossible (then null in `occupancy`, kept in `raw`). */
  readonly inconsistent: boolean;
}

const raw = (c: TruckParkingCounts): TruckParkingCounts => ({
  vacant_spaces: c.vacant_spaces,
  occupied_spaces: c.occupied_spaces,
  occupancy_percent: c.occupancy_percent,
});

/**
 * NDW's counts with the impossible ones null: a negative count, one above the capacity (when
 * known), a percentage outside 0–100. Nothing is derived from the others: a possible number
 * stays as published even when the three disagree (576 vacant, 0 occupied, 62.57 %).
 */
function checked(c: TruckParkingCounts, capacity: number | null) {
  const count = (n: number | null) =>
    n === null || (n >= 0 && (capacity === null || n <= capacity)) ? n : null;
  const percent = (p: number | null) => (p === null || (p >= 0 && p <= 100) ? p : null);
  const counts = {
    vacant_spaces: count(c.vacant_spaces),
    occupied_spaces: count(c.occupied_spaces),
    occupancy_percent: percent(c.occupancy_percent),
  };
  const nulled = (Object.keys(counts) as (keyof TruckParkingCounts)[]).some(
    (k) => counts[k] !== c[k],
  );
  return { counts, nulled };
}

/**
 * The occupancy the API answers for a site of `capacity` spaces (the table's total_capacity,
 * null when unknown): impossible numbers null, the published ones in `raw`, and whether the
 * site's numbers are inconsistent (also when vacant and occupied together exceed the capacity,
 * where both stay: which one is wrong is unknown).
 */
export function checkOccupancy(
  published: PublishedOccupancy,
  capacity: number | null,
): CheckedOccupancy {
  const site = checked(published, capacity);
  const groups: TruckParkingGroupOccupancy[] = published.groups.map((g) => ({
    group_index: g.group_index,
    ...checked(g, null).counts,
    raw: raw(g),
  }));
  const { vacant_spaces: vacant, occupied_spaces: occupied } = site.counts;
  const overfull =
    capacity !== null && vacant !== null && occupied !== null && vacant + occupied > capacity;
  const groupNulled = published.groups.some((g) => checked(g, null).nulled);
  return {
    occupancy: {
      ...site.counts,
      site_status: published.site_status,
      origin_time: published.origin_time,
      groups,
      raw: raw(published),
    },
    inconsistent: site.nulled || groupNulled || overfull,
  };
}
