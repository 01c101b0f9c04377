import type { TruckParkingCounts, TruckParkingSiteDetails } from '@nl/contracts-ndw';

/** The static members of a site, as mapped from the DATEX parking table. */
export interface TruckParkingSite {
  readonly id: string;
  readonly name: string | null;
  readonly city: string | null;
  readonly road: string | null;
  readonly latitude: number | null;
  readonly longitude: number | null;
  readonly total_capacity: number | null;
  readonly static_updated_at: string | null;
  readonly address: string | null;
  readonly house_number: string | null;
  readonly postal_code: string | null;
  readonly country: string | null;
  readonly site_details: TruckParkingSiteDetails;
  /** The table's DATEX `informationStatus` (`real`, `test`, …); not an API member itself. */
  readonly information_status: string | null;
}

/** A space group's numbers as published. */
export interface PublishedGroupOccupancy extends TruckParkingCounts {
  readonly group_index: number;
}

/** A site's occupancy exactly as published (the API checks it when it answers). */
export interface PublishedOccupancy extends TruckParkingCounts {
  readonly site_status: string | null;
  readonly origin_time: string | null;
  readonly groups: PublishedGroupOccupancy[];
  /** The status publication's DATEX `informationStatus`. */
  readonly information_status?: string | null;
}

/** A row of `ndw.truck_parking_site`. */
export interface TruckParkingSiteRow {
  readonly id: string;
  readonly road: string | null;
  readonly roads: string[];
  readonly site: TruckParkingSite;
}

/** A row of `ndw.truck_parking_status`: the occupancy exactly as published, and our status. */
export interface TruckParkingStatusRow {
  readonly id: string;
  readonly status: string;
  readonly vacant: number | null;
  readonly origin_time: string | null;
  readonly occupancy: PublishedOccupancy;
}
