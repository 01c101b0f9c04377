import {
  BLANK,
  BooleanText,
  NumberText,
  OptionalInt,
  Presence,
  Text,
  nonBlankText,
} from '@nl/contracts-core';
import { LicensePlate } from '@nl/contracts-rdw';
import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsInt, IsNumber, IsOptional, Max, Min } from 'class-validator';

/** A free-text filter: at most 80 characters, not blank, read trimmed. */
const NameFilter = () =>
  Text({
    pattern: nonBlankText(),
    maxLength: 80,
    normalise: (text) => text.trim(),
    message: '$property must not be blank',
  });

/** A number from query text, within [min, max]. */
const NumberIn = (min: number, max: number) =>
  applyDecorators(
    NumberText(),
    IsNumber({ allowNaN: false, allowInfinity: false }),
    Min(min),
    Max(max),
  );

/** A postcode or its four digits, one blank allowed before the letters; read as `3511` or `3511AB`. */
const POSTCODE_OR_PREFIX = new RegExp(`^[1-9][0-9]{3}(?:${BLANK}?[A-Za-z]{2})?$`, 'u');
const BLANKS = new RegExp(BLANK, 'gu');

/** `page` and `per_page` of every ndw list (`per_page` 1–100, default 25, as every list here). */
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
  @Text({
    pattern: POSTCODE_OR_PREFIX,
    normalise: (text) => text.replace(BLANKS, '').toUpperCase(),
    message: '$property must be 1234 or 1234AB',
  })
  postcode?: string;

  @ApiPropertyOptional({ example: 52.0907, description: 'With `lon`: sort by distance.' })
  @Presence({ with: ['lon'], message: 'lat is required with lon' })
  @NumberIn(-90, 90)
  lat?: number;

  @ApiPropertyOptional({ example: 5.1214, description: 'With `lat`: sort by distance.' })
  @Presence({ with: ['lat'], message: 'lon is required with lat' })
  @NumberIn(-180, 180)
  lon?: number;

  @ApiPropertyOptional({
    default: 1_000,
    example: 1_000,
    description: 'Radius around `lat`/`lon` in metres.',
  })
  @IsOptional()
  @NumberText()
  @IsInt()
  @Min(1)
  @Max(50_000)
  radius_m?: number;

  @ApiPropertyOptional({ example: 50, description: 'At least one connector of this power (kW).' })
  @IsOptional()
  @NumberIn(0, 2_000)
  min_power_kw?: number;

  @ApiPropertyOptional({
    example: 'IEC_62196_T2',
    description: 'OCPI connector standard.',
  })
  @IsOptional()
  @IsIn(CONNECTOR_STANDARDS)
  connector?: (typeof CONNECTOR_STANDARDS)[number];

  @ApiPropertyOptional({
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
    description: 'Site status (our name for DATEX `parkingSiteStatus`, see `status`).',
  })
  @IsOptional()
  @IsIn(['available', 'full', 'closed', 'unknown'])
  status?: string;

  @ApiPropertyOptional({
    example: true,
    description: 'true: only sites reporting free spaces; false: only the others.',
  })
  @IsOptional()
  @BooleanText()
  @IsBoolean({ message: '$property must be true or false' })
  beschikbaar?: boolean;

  @ApiPropertyOptional({ example: 'A67', description: 'Road identifier, case-insensitive.' })
  @IsOptional()
  @Text({
    pattern: /^[A-Za-z]{1,2}[0-9]{1,4}$/u,
    normalise: (text) => text.toUpperCase(),
    message: '$property must be a road like A67 or N279',
  })
  road?: string;
}

/** `GET /api/v1/ndw/truckparking/{id}` and `/emissiezones/{id}`. */
export class NdwIdParams {
  @ApiProperty({ example: 'NL-12_421', description: 'NDW id.' })
  @Text({ pattern: /^[A-Za-z0-9_.:-]{1,80}$/u, message: '$property must be an NDW id' })
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
    description: 'Zones that restrict this EU vehicle category.',
  })
  @IsOptional()
  @IsIn(VEHICLE_CATEGORIES)
  vehicle_category?: string;
}

/** `GET /v1/ndw/emissiezones/{id}/access?license_plate=…`. */
export class ZoneAccessQuery extends NdwIdParams {
  @ApiProperty({
    example: 'TT-601-D',
    description:
      'Dutch licence plate in one of the 14 sidecodes, any case, with or without a hyphen, space or dot between characters.',
  })
  @LicensePlate()
  license_plate: string;
}
