import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { PageMeta } from '@nl/contracts-core';

const str = { type: String, nullable: true } as const;
const int = { type: Number, nullable: true } as const;

export class TruckParkingRoad {
  @ApiProperty({ ...str, example: 'RoadNode' }) type: string | null;
  @ApiProperty({ ...str, example: 'A67' }) identifier: string | null;
  @ApiProperty({ ...str, example: 'Onbekend' }) destination: string | null;
  @ApiProperty(str) origination: string | null;
  @ApiProperty({ ...str, example: '39' }) junction_name: string | null;
  @ApiProperty({ ...int, example: 1 }) distance_to_this_road_m: number | null;
}

export class TruckParkingTariffBand {
  @ApiProperty({ ...str, example: 'Tarief per uur' }) name: string | null;
  @ApiProperty({ ...str, example: 'EUR' }) currency: string | null;
  @ApiProperty({ type: Number, nullable: true, example: 1 }) amount: number | null;
  @ApiProperty({ ...int, example: 3600 }) interval_seconds: number | null;
}

export class TruckParkingTariffs {
  @ApiProperty({ type: Boolean, nullable: true, example: false }) free_of_charge: boolean | null;
  @ApiProperty({ ...str, example: 'https://truckparkingvenlo.nl' }) url: string | null;
  @ApiProperty({ type: [TruckParkingTariffBand] }) bands: TruckParkingTariffBand[];
}

export class TruckParkingFacility {
  @ApiProperty({ example: 'equipment', enum: ['equipment', 'service'] }) kind: string;
  @ApiProperty({ ...str, example: 'toilet' }) type: string | null;
  @ApiProperty({ ...str, example: 'available' }) availability: string | null;
}

export class TruckParkingSecurity {
  @ApiProperty({ type: [String], example: ['cctv', 'fences'] }) values: string[];
  @ApiProperty({ type: Boolean, nullable: true }) certified_secure_parking: boolean | null;
  @ApiProperty({ ...str, example: 'securityLevel3' }) label_security_level: string | null;
  @ApiProperty({ ...str, example: 'securityLevel3' }) label_self_assessment: string | null;
}

export class TruckParkingVehicleCharacteristics {
  @ApiProperty({ example: 'assignedParkingAmongOthers' }) assignment: string;
  @ApiProperty({ type: [String], example: ['lorry'] }) vehicleType: string[];
}

export class TruckParkingSpacesGroup {
  @ApiProperty({ example: 0 }) group_index: number;
  @ApiProperty({ ...int, example: 390 }) number_of_spaces: number | null;
  @ApiProperty({ ...str, example: 'statisticsOnly' }) type_of_group: string | null;
  @ApiProperty({ type: [TruckParkingVehicleCharacteristics] })
  vehicle_characteristics: TruckParkingVehicleCharacteristics[];
}

export class TruckParkingSiteDetails {
  @ApiProperty({ type: [TruckParkingRoad] }) roads: TruckParkingRoad[];
  @ApiProperty({ type: TruckParkingTariffs }) tariffs: TruckParkingTariffs;
  @ApiProperty({ type: [TruckParkingFacility] }) facilities: TruckParkingFacility[];
  @ApiProperty({ type: TruckParkingSecurity }) security: TruckParkingSecurity;
  @ApiProperty({ type: [String], example: ['patrol'] }) supervision: string[];
  @ApiProperty({ ...str, example: 'mandatory' }) reservation: string | null;
  @ApiProperty({ type: [String], example: ['truckParking'] }) usage_scenarios: string[];
  @ApiProperty({ type: [TruckParkingSpacesGroup] }) spaces_groups: TruckParkingSpacesGroup[];
  @ApiProperty({ ...str, format: 'date-time' }) record_version_time: string | null;
}

/** Occupancy numbers exactly as NDW published them, impossible ones included. */
export class TruckParkingCounts {
  @ApiProperty({ ...int, example: 210 }) vacant_spaces: number | null;
  @ApiProperty({ ...int, example: -110 }) occupied_spaces: number | null;
  @ApiProperty({ type: Number, nullable: true, example: -110 }) occupancy_percent: number | null;
}

const checked =
  'null when NDW published an impossible value (a negative count, more spaces than the site has, a percentage outside 0–100); `raw` keeps it.';

export class TruckParkingGroupOccupancy {
  @ApiProperty({ example: 2 }) group_index: number;
  @ApiProperty({ ...int, description: checked }) vacant_spaces: number | null;
  @ApiProperty({ ...int, description: checked }) occupied_spaces: number | null;
  @ApiProperty({ type: Number, nullable: true, description: checked })
  occupancy_percent: number | null;
  @ApiProperty({ type: TruckParkingCounts, description: 'As published.' })
  raw: TruckParkingCounts;
}

/** NDW's numbers, which need not add up; impossible ones are null here and kept in `raw`. */
export class TruckParkingOccupancy {
  @ApiProperty({ ...int, example: 29, description: checked }) vacant_spaces: number | null;
  @ApiProperty({ ...int, example: 17, description: checked }) occupied_spaces: number | null;
  @ApiProperty({ type: Number, nullable: true, example: 54, description: checked })
  occupancy_percent: number | null;
  @ApiProperty({ ...str, example: 'spacesAvailable' }) site_status: string | null;
  @ApiProperty({ ...str, format: 'date-time' }) origin_time: string | null;
  @ApiProperty({ type: [TruckParkingGroupOccupancy] }) groups: TruckParkingGroupOccupancy[];
  @ApiProperty({ type: TruckParkingCounts, description: 'The site totals as published.' })
  raw: TruckParkingCounts;
}

/** The detail members of a truck parking site. */
export class TruckParkingRecord {
  @ApiProperty({ example: 'NL-12_421' }) id: string;
  @ApiProperty({ ...str, example: 'Truckstop Venlo' }) name: string | null;
  @ApiProperty({ ...str, example: 'Venlo' }) city: string | null;
  @ApiProperty({ ...str, example: 'A67' }) road: string | null;
  @ApiProperty({ type: Number, nullable: true, example: 51.39038 }) latitude: number | null;
  @ApiProperty({ type: Number, nullable: true, example: 6.108905 }) longitude: number | null;
  @ApiProperty({ ...int, example: 402, description: 'Sum of the space groups of the table.' })
  total_capacity: number | null;
  @ApiProperty({
    ...int,
    description:
      'Vacant spaces as published; null without status, or when NDW published an impossible count (occupancy_inconsistent).',
  })
  available_spaces: number | null;
  @ApiProperty({
    ...str,
    example: 'available',
    description:
      'DATEX parkingSiteStatus: spacesAvailable → available, full/almostFull → full, closed → closed, else unknown; null without status.',
  })
  status: string | null;
  @ApiProperty({ ...str, format: 'date-time' }) static_updated_at: string | null;
  @ApiProperty({ ...str, format: 'date-time' }) dynamic_updated_at: string | null;
  @ApiProperty({
    type: Boolean,
    description:
      'Beyond the spec: true when the occupancy is older than NDW_STALE_STATUS_SECONDS (default 15 minutes) or missing.',
  })
  occupancy_stale: boolean;
  @ApiProperty({
    type: Boolean,
    description:
      'Beyond the spec: true when NDW published an impossible occupancy: a negative count, more vacant or occupied spaces than total_capacity or a percentage outside 0–100 (in the totals or a space group; those numbers are null and occupancy.raw keeps them), or vacant and occupied together above total_capacity (both kept: which is wrong is unknown).',
  })
  occupancy_inconsistent: boolean;
  @ApiProperty({
    type: Boolean,
    description:
      'Beyond the spec: true when NDW marks the parking table or the status publication `informationStatus: test` (test data, not a live service).',
  })
  test_data: boolean;
}

/** A list item: the detail members and the static table's details with the occupancy. */
export class TruckParkingListItem extends TruckParkingRecord {
  @ApiPropertyOptional({ ...str, example: 'James Cookweg' }) address?: string | null;
  @ApiPropertyOptional({ ...str, example: '31' }) house_number?: string | null;
  @ApiPropertyOptional({ ...str, example: '5928LJ' }) postal_code?: string | null;
  @ApiPropertyOptional({ ...str, example: 'nl' }) country?: string | null;
  @ApiPropertyOptional({ type: TruckParkingSiteDetails }) site_details?: TruckParkingSiteDetails;
  @ApiPropertyOptional({ type: TruckParkingOccupancy, nullable: true })
  occupancy?: TruckParkingOccupancy | null;
}

export class TruckParkingListResponse {
  @ApiProperty({ example: 2 }) total: number;
  @ApiProperty({ type: [TruckParkingListItem] }) results: TruckParkingListItem[];
  @ApiProperty({ type: PageMeta }) meta: PageMeta;
}

export class TruckParkingDetailResponse {
  @ApiProperty({ example: true }) found: boolean;
  @ApiProperty({ type: TruckParkingListItem, nullable: true }) result: TruckParkingListItem | null;
}

export class NdwNotFound {
  @ApiProperty({ example: false }) found: boolean;
  @ApiProperty({ type: Object, nullable: true, example: null }) result: null;
  @ApiProperty({ example: 'NDW has no truck parking site NL-12_999.' }) message: string;
}
