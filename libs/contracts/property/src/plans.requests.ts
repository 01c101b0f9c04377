import { DescribedAs, NumberText, Presence } from '@nl/contracts-core';
import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import {
  IsNumber,
  Max,
  Min,
  Validate,
  ValidatorConstraint,
  type ValidatorConstraintInterface,
  type ValidationArguments,
} from 'class-validator';
import { HouseNumber, PostcodeText } from './property.requests.js';
import { NL_BOUNDS, inNetherlands } from './nl-outline.js';

/**
 * The vendor keyword (of the parameters' object rules) that says a pair of coordinates must lie
 * in the Netherlands: its outline is not something JSON Schema can state.
 */
export const IN_NETHERLANDS_KEYWORD = 'x-in-netherlands';

/** Both coordinates, as numbers, inside the Netherlands. */
@DescribedAs({ object: { [IN_NETHERLANDS_KEYWORD]: ['lat', 'lon'] } })
@ValidatorConstraint({ name: 'inNetherlands' })
class InNetherlands implements ValidatorConstraintInterface {
  validate(_value: unknown, args: ValidationArguments): boolean {
    const { lat, lon } = args.object as PlansQuery;
    // Other rules report a missing or non-numeric coordinate, or one outside the box around
    // the country: this one judges a pair only, so each wrong member gets one error.
    if (typeof lat !== 'number' || typeof lon !== 'number') return true;
    const inBox = (value: number, [min, max]: readonly [number, number]) =>
      value >= min && value <= max;
    if (!inBox(lat, NL_BOUNDS.lat) || !inBox(lon, NL_BOUNDS.lon)) return true;
    return inNetherlands(lat, lon);
  }
  defaultMessage(): string {
    return 'lat and lon must lie in the Netherlands (its outline, with 2 km around it)';
  }
}

/** A WGS84 coordinate within the box around the Netherlands. */
const Degrees = ([min, max]: readonly [number, number]) =>
  applyDecorators(
    NumberText(),
    IsNumber({ allowNaN: false, allowInfinity: false }),
    Min(min),
    Max(max),
  );

const ADDRESS = ['postcode', 'huisnummer'];

/**
 * `GET /v1/dso/plans`: `lat` + `lon` (WGS84), or `postcode` + `huisnummer`. Both given: the
 * coordinates win, and the address is still checked for form.
 */
export class PlansQuery {
  @ApiPropertyOptional({
    example: 52.06415055,
    description: 'Latitude, WGS84 degrees; with lon. Must lie in the Netherlands.',
  })
  @Presence({
    with: ['lon'],
    without: ADDRESS,
    message: 'give lat and lon, or postcode and huisnummer',
  })
  @Degrees(NL_BOUNDS.lat)
  @Validate(InNetherlands)
  lat?: number;

  @ApiPropertyOptional({ example: 5.10696041, description: 'Longitude, WGS84 degrees; with lat.' })
  @Presence({ with: ['lat'], without: ADDRESS, message: 'lon is required with lat' })
  @Degrees(NL_BOUNDS.lon)
  lon?: number;

  @ApiPropertyOptional({
    example: '3526KP',
    description: 'Postcode, with or without the space; with huisnummer.',
  })
  @Presence({ with: ['huisnummer'], message: 'postcode is required with huisnummer' })
  @PostcodeText()
  postcode?: string;

  @ApiPropertyOptional({
    example: 93,
    description: 'House number (any letter or addition at it); with postcode.',
  })
  @Presence({ with: ['postcode'], message: 'huisnummer is required with postcode' })
  @HouseNumber()
  huisnummer?: number;
}
