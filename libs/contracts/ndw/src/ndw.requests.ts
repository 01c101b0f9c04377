import { OptionalInt } from '@nl/contracts-core';
import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  IsBooleanString,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsNumber,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateIf,
} from 'class-validator';

const trimmed = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? value.trim() : value;

/** A free-text filter: trimmed, 1–80 characters. */
const NameFilter = () =>
  applyDecorators(Transform(trimmed), IsString(), IsNotEmpty(), MaxLength(80));

/** `page` and `per_page` of every ndw list (ARCHITECTURE §10: 1–100, default 25). */
export class NdwPageQuery {
  @OptionalInt(1, 10_000, 1, 'Page number, from 1:')
  page: number = 1;

  @OptionalInt(1, 100, 25, 'Items per page:')
  per_page: number = 25;
}

/** OCPI connector standards a filter may name. */
export const CONNECTOR_STANDARDS = [
  'CHADEMO',
  'DOMESTIC_F',
  'IEC_62196_T1',
  'IEC_62196_T1_COMBO',
  'IEC_62196_T2',
  'IEC_62196_T2_COMBO',
  'IEC_62196_T3C',
  'TESLA_S',
] as const;

/** `GET /v1/ndw/laadpunten`. */
export class ChargePointsQuery extends NdwPageQuery {
  @ApiPropertyOptional({ example: 'Utrecht', description: 'City, exact and case-insensitive.' })
  @IsOptional()
  @NameFilter()
  city?: string;

  @ApiPropertyOptional({
    example: '3511',
    description: 'Postcode or its 4-digit prefix; spaces and case ignored.',
  })
  @IsOptional()
  @Transform(({ value }) =>
    typeof value === 'string' ? value.replace(/\s+/g, '').toUpperCase() : value,
  )
  @IsString()
  @Matches(/^[1-9][0-9]{3}([A-Z]{2})?$/, { message: '$property must be 1234 or 1234AB' })
  postcode?: string;

  @ApiPropertyOptional({ example: 52.0907, description: 'With `lon`: sort by distance.' })
  @ValidateIf((o: ChargePointsQuery) => o.lon !== undefined || o.lat !== undefined)
  @Type(() => Number)
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(-90)
  @Max(90)
  lat?: number;

  @ApiPropertyOptional({ example: 5.1214, description: 'With `lat`: sort by distance.' })
  @ValidateIf((o: ChargePointsQuery) => o.lat !== undefined || o.lon !== undefined)
  @Type(() => Number)
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(-180)
  @Max(180)
  lon?: number;

  @ApiPropertyOptional({
    minimum: 1,
    maximum: 50_000,
    default: 1_000,
    example: 1_000,
    description: 'Radius around `lat`/`lon` in metres.',
  })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(50_000)
  radius_m?: number;

  @ApiPropertyOptional({ example: 50, description: 'At least one connector of this power (kW).' })
  @IsOptional()
  @Type(() => Number)
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0)
  @Max(2_000)
  min_power_kw?: number;

  @ApiPropertyOptional({
    enum: CONNECTOR_STANDARDS,
    example: 'IEC_62196_T2',
    description: 'OCPI connector standard.',
  })
  @IsOptional()
  @IsIn(CONNECTOR_STANDARDS)
  connector?: (typeof CONNECTOR_STANDARDS)[number];

  @ApiPropertyOptional({
    enum: ['available'],
    example: 'available',
    description: 'Only locations with at least one EVSE reported AVAILABLE.',
  })
  @IsOptional()
  @IsIn(['available'])
  status?: 'available';

  @ApiPropertyOptional({ example: 'Vattenfall', description: 'Operator name, case-insensitive.' })
  @IsOptional()
  @NameFilter()
  operator?: string;
}

/** `GET /v1/ndw/truckparking`. */
export class TruckParkingQuery extends NdwPageQuery {
  @ApiPropertyOptional({
    example: 'available',
    enum: ['available', 'full', 'closed', 'unknown'],
    description: 'Site status (our name for DATEX `parkingSiteStatus`, see `status`).',
  })
  @IsOptional()
  @IsIn(['available', 'full', 'closed', 'unknown'])
  status?: string;

  @ApiPropertyOptional({
    example: 'true',
    description: 'true: only sites reporting free spaces; false: only the others.',
  })
  @IsOptional()
  @IsBooleanString()
  beschikbaar?: string;

  @ApiPropertyOptional({ example: 'A67', description: 'Road identifier, case-insensitive.' })
  @IsOptional()
  @Transform(({ value }) => (typeof value === 'string' ? value.trim().toUpperCase() : value))
  @IsString()
  @Matches(/^[A-Z]{1,2}[0-9]{1,4}$/, { message: '$property must be a road like A67 or N279' })
  road?: string;
}

/** `GET /api/v1/ndw/truckparking/{id}` and `/emissiezones/{id}`. */
export class NdwIdParams {
  @ApiProperty({ example: 'NL-12_421', description: 'NDW id.' })
  @Transform(trimmed)
  @IsString()
  @Matches(/^[A-Za-z0-9_.:-]{1,80}$/, { message: '$property must be an NDW id' })
  id: string;
}

/** The EU vehicle categories a zone's rules can name (the filter accepts each of them). */
const VEHICLE_CATEGORIES = ['M1', 'M2', 'M3', 'N1', 'N2', 'N3', 'L'];

/** `GET /v1/ndw/emissiezones`. */
export class EmissionZonesQuery extends NdwPageQuery {
  @ApiPropertyOptional({
    example: "'s-Hertogenbosch",
    description: 'Municipality, case-insensitive.',
  })
  @IsOptional()
  @NameFilter()
  city?: string;

  @ApiPropertyOptional({
    example: 'N2',
    enum: VEHICLE_CATEGORIES,
    description: 'Zones that restrict this EU vehicle category.',
  })
  @IsOptional()
  @Transform(({ value }) => (typeof value === 'string' ? value.trim().toUpperCase() : value))
  @IsIn(VEHICLE_CATEGORIES)
  vehicle_category?: string;
}

/** `GET /v1/ndw/emissiezones/{id}/access?license_plate=…`. */
export class ZoneAccessQuery extends NdwIdParams {
  @ApiProperty({ example: 'TT-601-D', description: 'Dutch licence plate, hyphens optional.' })
  @Transform(({ value }) =>
    typeof value === 'string' ? value.replace(/[\s-]/g, '').toUpperCase() : value,
  )
  @IsString()
  @Matches(/^[A-Z0-9]{6}$/, { message: '$property must be a Dutch licence plate' })
  license_plate: string;
}
