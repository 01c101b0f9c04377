import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

const str = { type: String, nullable: true } as const;
const int = { type: Number, nullable: true } as const;
const bool = { type: Boolean, nullable: true } as const;

/** The lite members of `vehicle`. */
export class VehicleLite {
  @ApiPropertyOptional({ ...str, example: 'VOLKSWAGEN' }) brand?: string | null;
  @ApiPropertyOptional({ ...str, example: 'KOMBI' }) model?: string | null;
  @ApiPropertyOptional({ ...str, example: 'ROOD' }) color?: string | null;
  @ApiPropertyOptional({ ...str, example: 'Diesel', description: 'The first fuel.' })
  fuel_type?: string | null;
  @ApiPropertyOptional({ ...int, example: 1876, description: 'kg' }) mass_empty?: number | null;
  @ApiPropertyOptional({ ...int, example: 103 }) power_kw?: number | null;
  @ApiPropertyOptional({ ...int, example: 160 }) top_speed_kmh?: number | null;
  @ApiPropertyOptional({
    ...str,
    example: '2013-07-25',
    description: 'Date of the current registration.',
  })
  registration_date?: string | null;
  @ApiPropertyOptional({ ...str, example: '2013-05-17' }) first_admission_date?: string | null;
}

/** `vehicle` of the full response: the lite members and more. */
export class VehicleFull extends VehicleLite {
  @ApiPropertyOptional({ type: [String], example: ['Diesel'] }) fuel_types?: string[];
  @ApiPropertyOptional({
    ...bool,
    example: false,
    description: 'null when RDW has no fuel rows for the vehicle: unknown.',
  })
  hybrid?: boolean | null;
  @ApiPropertyOptional({ ...str, example: 'Personenauto' }) vehicle_type?: string | null;
  @ApiPropertyOptional(int) seats?: number | null;
  @ApiPropertyOptional(int) doors?: number | null;
  @ApiPropertyOptional(int) wheels?: number | null;
  @ApiPropertyOptional(int) length_cm?: number | null;
  @ApiPropertyOptional(int) wheelbase_cm?: number | null;
  @ApiPropertyOptional(int) mass_roadworthy_kg?: number | null;
  @ApiPropertyOptional(int) max_mass_kg?: number | null;
  @ApiPropertyOptional(int) towing_capacity_braked_kg?: number | null;
  @ApiPropertyOptional(int) towing_capacity_unbraked_kg?: number | null;
  @ApiPropertyOptional(int) catalog_price_eur?: number | null;
  @ApiPropertyOptional(int) axle_count?: number | null;
  @ApiPropertyOptional({ ...str, example: 'M1' }) eu_category?: string | null;
  @ApiPropertyOptional(str) type_approval_number?: string | null;
  @ApiPropertyOptional({ ...str, example: 'MPV' }) body_type?: string | null;
  @ApiPropertyOptional({ ...str, example: 'AF' }) body_code?: string | null;
  @ApiPropertyOptional({ type: [Number], description: 'Numbers of the driven axles (1 = front).' })
  driven_axles?: number[];
  @ApiPropertyOptional({
    ...int,
    description:
      'Electric range (WLTP), km. Only for vehicles with an electric drive; omitted otherwise.',
  })
  electric_range_km?: number | null;
  @ApiPropertyOptional({
    ...int,
    description:
      'Electric consumption (WLTP), Wh/km. Only for vehicles with an electric drive; omitted otherwise.',
  })
  electric_consumption_wh_km?: number | null;
}

export class VehicleCompliance {
  @ApiPropertyOptional({ ...str, example: '2027-05-17' }) apk_expiry_date?: string | null;
  @ApiPropertyOptional({ ...str, description: 'null unless the registry has a tachograph date.' })
  tachograph_expiry_date?: string | null;
  @ApiPropertyOptional({ ...int, example: 5, description: 'Euro emission class.' })
  emission_class?: number | null;
  @ApiPropertyOptional({
    ...bool,
    description:
      'Electric, hydrogen, CNG and petrol: true; diesel Euro 6 or higher: true; diesel Euro 5 or lower: false; unknown: null.',
  })
  allowed_in_green_zones?: boolean | null;
  @ApiPropertyOptional(bool) transfer_possible?: boolean | null;
  @ApiPropertyOptional(bool) recall_active?: boolean | null;
  @ApiPropertyOptional(bool) export_indicator?: boolean | null;
  @ApiPropertyOptional(bool) taxi?: boolean | null;
  @ApiPropertyOptional(bool) liability_insured?: boolean | null;
  @ApiPropertyOptional({
    ...str,
    example: '2026',
    description: 'Year of the last odometer registration.',
  })
  last_odometer_report?: string | null;
}

export class VehicleLiteResponse {
  @ApiProperty({ type: Boolean, nullable: true }) found: boolean | null;
  @ApiProperty({ ...str, example: 'TT601D' }) license_plate: string | null;
  @ApiProperty({ type: VehicleLite, nullable: true }) vehicle: VehicleLite | null;
  @ApiProperty({ type: VehicleCompliance, nullable: true }) compliance: VehicleCompliance | null;
  @ApiProperty(str) error: string | null;
}

export class RdwRaw {
  @ApiProperty({
    type: Object,
    description: 'The m9d7-ebf2 row: every listed field, string or null.',
  })
  vehicle: Record<string, string | null>;
  @ApiProperty({ type: [Object], description: 'The 8ys7-d773 rows by brandstof_volgnummer.' })
  fuel: Record<string, string | null>[];
  @ApiProperty({ type: [Object], description: 'The vezc-m2t6 rows by carrosserie_volgnummer.' })
  body: Record<string, string | null>[];
  @ApiProperty({ type: [Object], description: 'The 3huj-srit rows by as_nummer.' })
  axles: Record<string, string | null>[];
}

export class VehicleFullResponse {
  @ApiProperty() found: boolean;
  @ApiProperty({ example: 'TT601D' }) license_plate: string;
  @ApiProperty({ type: VehicleFull }) vehicle: VehicleFull;
  @ApiProperty({ type: VehicleCompliance }) compliance: VehicleCompliance;
  @ApiProperty({ type: RdwRaw }) rdw: RdwRaw;
}

/** The lite endpoint's 404 body: the plate is well-formed but not in the registry. */
export class VehicleNotFound {
  @ApiProperty({ example: false }) found: boolean;
  @ApiProperty({ example: 'XX999X' }) license_plate: string;
  @ApiProperty({ type: Object, nullable: true, example: null }) vehicle: null;
  @ApiProperty({ type: Object, nullable: true, example: null }) compliance: null;
  @ApiProperty({ example: 'not_found' }) error: string;
}

/** The full endpoint's 404 body: the full envelope's members, with nothing found. */
export class VehicleFullNotFound {
  @ApiProperty({ example: false }) found: boolean;
  @ApiProperty({ example: 'XX999X' }) license_plate: string;
  @ApiProperty({ type: Object, nullable: true, example: null }) vehicle: null;
  @ApiProperty({ type: Object, nullable: true, example: null }) compliance: null;
  @ApiProperty({ type: Object, nullable: true, example: null }) rdw: null;
}
