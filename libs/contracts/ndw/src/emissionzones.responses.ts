import { ApiProperty, type ApiPropertyOptions } from '@nestjs/swagger';
import { PageMeta } from '@nl/contracts-core';

const str = { type: String, nullable: true } as const;

const zoneType = {
  ...str,
  example: 'zero_emission',
  enum: ['zero_emission', 'low_emission'],
  description:
    'Derived from the rules (NDW types every zone lowEmissionZone): zero_emission when the zone admits only zero-emission vehicles of at least one EU category (see zero_emission_categories), else low_emission.',
} as const;

const zeroEmissionCategories: ApiPropertyOptions = {
  type: [String],
  example: ['N1', 'N2', 'N3'],
  description:
    'The EU categories (M1–M3, N1–N3) the zone admits only zero-emission (battery or hydrogen) vehicles of once its phased exemptions have ended: a young Euro 6 diesel or petrol vehicle of the category is refused, a battery-electric one admitted. Empty for a low-emission zone.',
};

export class ZoneGeometry {
  @ApiProperty({ example: 'MultiPolygon', enum: ['Polygon', 'MultiPolygon'] }) type: string;
  @ApiProperty({
    type: 'array',
    items: {},
    description: 'GeoJSON coordinates: [longitude, latitude] pairs (NDW publishes latitude first).',
  })
  coordinates: number[][][] | number[][][][];
}

/** One vehicle class the zone restricts, flattened from the DATEX conditions. */
export class ZoneVehicleRestriction {
  @ApiProperty({ ...str, example: 'euro6', description: 'null: every emission class.' })
  emission_class: string | null;
  @ApiProperty({ ...str, example: null, description: 'null: every fuel.' }) fuel_type:
    string | null;
  @ApiProperty({ ...str, example: 'N2' }) vehicle_type: string | null;
}

/** An access rule of the zone: who is restricted or exempted, and when. */
export class ZoneAccessRule {
  @ApiProperty({ example: 'NDW11_…_euro6Exemption_VC_CS' }) id: string;
  @ApiProperty({ example: 'exemption', enum: ['restriction', 'exemption'] }) kind: string;
  @ApiProperty({ example: 'N1 or N2 and euro6, 2025-03-01 to 2027-12-31' }) description: string;
  @ApiProperty({ ...str, format: 'date-time' }) valid_from: string | null;
  @ApiProperty({ ...str, format: 'date-time' }) valid_until: string | null;
}

export class EmissionZoneRecord {
  @ApiProperty({ example: 'NDW11_de06481f-e23e-4c9a-987b-978a4b67e0c0' }) id: string;
  @ApiProperty({ ...str, example: "ZE 's-Hertogenbosch" }) name: string | null;
  @ApiProperty({ ...str, example: "'s-Hertogenbosch" }) city: string | null;
  @ApiProperty({ ...zoneType }) zone_type: string | null;
  @ApiProperty(zeroEmissionCategories) zero_emission_categories: string[];
  @ApiProperty({ type: ZoneGeometry, nullable: true }) geometry: ZoneGeometry | null;
  @ApiProperty({ type: [ZoneVehicleRestriction] }) vehicle_restrictions: ZoneVehicleRestriction[];
  @ApiProperty({ ...str, format: 'date-time' }) valid_from: string | null;
  @ApiProperty({ ...str, format: 'date-time' }) valid_until: string | null;
  @ApiProperty({ type: [ZoneAccessRule] }) access_rules: ZoneAccessRule[];
  @ApiProperty({
    ...str,
    example: 'gmb-2024-403036',
    description:
      'The official publication of the traffic order; null where NDW publishes a placeholder (onbekend, ntb, geen, xxxx).',
  })
  regulation_id: string | null;
  @ApiProperty({ ...str }) info_url: string | null;
}

export class EmissionZoneDetailResponse {
  @ApiProperty({ example: true }) found: boolean;
  @ApiProperty({ type: EmissionZoneRecord, nullable: true }) result: EmissionZoneRecord | null;
}

/** A list item: the record without its geometry. */
export class EmissionZoneListItem {
  @ApiProperty() id: string;
  @ApiProperty(str) name: string | null;
  @ApiProperty({ ...str, description: 'Municipality.' }) city: string | null;
  @ApiProperty({ ...zoneType }) zone_type: string | null;
  @ApiProperty(zeroEmissionCategories) zero_emission_categories: string[];
  @ApiProperty({
    type: [String],
    example: ['N1', 'N2', 'N3'],
    description:
      'The EU categories (M1–M3, N1–N3, L) the restriction can apply to; a ban on every diesel lists them all.',
  })
  vehicle_categories: string[];
  @ApiProperty({ type: [ZoneAccessRule] }) access_rules: ZoneAccessRule[];
  @ApiProperty({ ...str, format: 'date-time' }) valid_from: string | null;
  @ApiProperty({ ...str, format: 'date-time' }) valid_until: string | null;
}

export class EmissionZonesResponse {
  @ApiProperty({ example: 2 }) total: number;
  @ApiProperty({ type: [EmissionZoneListItem] }) results: EmissionZoneListItem[];
  @ApiProperty({ type: PageMeta }) meta: PageMeta;
}

export class ZoneAccessVehicle {
  @ApiProperty({ example: 'TT601D' }) license_plate: string;
  @ApiProperty({ ...str, example: 'N2' }) category: string | null;
  @ApiProperty({ type: [String], example: ['Diesel'] }) fuel_types: string[];
  @ApiProperty({ type: Number, nullable: true, example: 6 }) euro_class: number | null;
  @ApiProperty({ ...str, example: '2019-03-01' }) first_admission_date: string | null;
  @ApiProperty({
    type: Boolean,
    nullable: true,
    example: false,
    description: "RDW's taxi registration (taxi_indicator); null when RDW does not say.",
  })
  taxi: boolean | null;
  @ApiProperty({
    type: [String],
    example: ['AF'],
    description:
      'EU body codes of the body rows (SA motor caravan, SB armoured, SF mobile crane, SH wheelchair accessible, …); empty when RDW has none.',
  })
  body_codes: string[];
}

export class ZoneAccessZone {
  @ApiProperty() id: string;
  @ApiProperty(str) name: string | null;
  @ApiProperty(str) city: string | null;
}

export class ZoneAccessResponse {
  @ApiProperty({
    type: Boolean,
    nullable: true,
    description:
      'true: the rules are not in force, the vehicle is not restricted, or an exemption is known to apply (every one of its conditions known to hold). false: restricted and no exemption applies. null: a deciding rule needs a fact the register lacks or a condition this service does not read; `reason` names it.',
  })
  allowed: boolean | null;
  @ApiProperty({ type: ZoneAccessZone }) zone: ZoneAccessZone;
  @ApiProperty({ type: ZoneAccessVehicle }) vehicle: ZoneAccessVehicle;
  @ApiProperty({ type: ZoneAccessRule, nullable: true, description: 'The rule that decided.' })
  rule: ZoneAccessRule | null;
  @ApiProperty({ example: 'Exempt until 2027-12-31: N1 or N2 and euro6.' }) reason: string;
  @ApiProperty({ example: '2026-11-24', description: 'The day the rules were evaluated for.' })
  date: string;
}
