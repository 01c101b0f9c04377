import type {
  TruckParkingGroupOccupancy,
  TruckParkingOccupancy,
  TruckParkingSiteDetails,
} from '@nl/contracts-ndw';

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
  readonly occupancy: TruckParkingOccupancy;
}

export type { TruckParkingGroupOccupancy };
