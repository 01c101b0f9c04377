import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  IsDefined,
  IsInt,
  IsNumber,
  IsString,
  Matches,
  Max,
  Min,
  Validate,
  ValidateIf,
  ValidatorConstraint,
  type ValidatorConstraintInterface,
  type ValidationArguments,
} from 'class-validator';
import {
  HOUSE_NUMBER_MAX,
  HOUSE_NUMBER_MIN,
  POSTCODE_PATTERN,
  normalisePostcode,
} from './address-input.js';
import { inNetherlands } from './nl-outline.js';

/** Coordinates given in full, as the query's decision rule reads them. */
const hasCoordinates = (query: PlansQuery) => query.lat !== undefined || query.lon !== undefined;
const hasAddress = (query: PlansQuery) =>
  query.postcode !== undefined || query.huisnummer !== undefined;

/** Both coordinates, as numbers, inside the Netherlands. */
@ValidatorConstraint({ name: 'inNetherlands' })
class InNetherlands implements ValidatorConstraintInterface {
  validate(_value: unknown, args: ValidationArguments): boolean {
    const { lat, lon } = args.object as PlansQuery;
    // Other rules report a missing or non-numeric coordinate; this one judges a pair only.
    if (typeof lat !== 'number' || typeof lon !== 'number') return true;
    return inNetherlands(lat, lon);
  }
  defaultMessage(): string {
    return 'lat and lon must lie in the Netherlands (WGS84 degrees: lat about 50.75 to 53.55, lon about 3.36 to 7.23)';
  }
}

/**
 * `GET /v1/dso/plans`: `lat` + `lon` (WGS84), or `postcode` + `huisnummer`. Both given: the
 * coordinates win, and the address is still checked for form.
 */
export class PlansQuery {
  @ApiPropertyOptional({
    example: 52.06415055,
    minimum: -90,
    maximum: 90,
    description: 'Latitude, WGS84 degrees; with lon. Must lie in the Netherlands.',
  })
  @ValidateIf((query: PlansQuery) => hasCoordinates(query) || !hasAddress(query))
  @Type(() => Number)
  @IsDefined({ message: 'give lat and lon, or postcode and huisnummer' })
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(-90)
  @Max(90)
  @Validate(InNetherlands)
  lat?: number;

  @ApiPropertyOptional({
    example: 5.10696041,
    minimum: -180,
    maximum: 180,
    description: 'Longitude, WGS84 degrees; with lat.',
  })
  @ValidateIf((query: PlansQuery) => hasCoordinates(query) || !hasAddress(query))
  @Type(() => Number)
  @IsDefined({ message: 'lon is required with lat' })
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(-180)
  @Max(180)
  lon?: number;

  @ApiPropertyOptional({
    example: '3526KP',
    description: 'Postcode, with or without the space; with huisnummer.',
  })
  @ValidateIf((query: PlansQuery) => hasAddress(query))
  @Transform(({ value }) => normalisePostcode(value))
  @IsDefined({ message: 'postcode is required with huisnummer' })
  @IsString()
  @Matches(POSTCODE_PATTERN, {
    message:
      '$property must be a Dutch postcode: four digits (not starting with 0) and two letters (1012AB or 1012 ab)',
  })
  postcode?: string;

  @ApiPropertyOptional({
    example: 93,
    minimum: HOUSE_NUMBER_MIN,
    maximum: HOUSE_NUMBER_MAX,
    description: 'House number (any letter or addition at it); with postcode.',
  })
  @ValidateIf((query: PlansQuery) => hasAddress(query))
  @Type(() => Number)
  @IsDefined({ message: 'huisnummer is required with postcode' })
  @IsInt()
  @Min(HOUSE_NUMBER_MIN)
  @Max(HOUSE_NUMBER_MAX)
  huisnummer?: number;
}
