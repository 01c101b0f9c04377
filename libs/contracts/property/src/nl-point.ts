import { DescribedAs, NumberText } from '@nl/contracts-core';
import { applyDecorators } from '@nestjs/common';
import {
  IsNumber,
  Max,
  Min,
  Validate,
  ValidatorConstraint,
  type ValidatorConstraintInterface,
  type ValidationArguments,
} from 'class-validator';
import { NL_BOUNDS, inNetherlands } from './nl-outline.js';

/**
 * The vendor keyword (of the parameters' object rules) that says a pair of coordinates must lie
 * in the Netherlands: its outline is not something JSON Schema can state.
 */
export const IN_NETHERLANDS_KEYWORD = 'x-in-netherlands';

/** A query with a WGS84 point in `lat` and `lon`. */
interface PointQuery {
  readonly lat?: unknown;
  readonly lon?: unknown;
}

/** Both coordinates, as numbers, inside the Netherlands. */
@DescribedAs({ object: { [IN_NETHERLANDS_KEYWORD]: ['lat', 'lon'] } })
@ValidatorConstraint({ name: 'inNetherlands' })
class InNetherlands implements ValidatorConstraintInterface {
  validate(_value: unknown, args: ValidationArguments): boolean {
    const { lat, lon } = args.object as PointQuery;
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
export const Degrees = ([min, max]: readonly [number, number]) =>
  applyDecorators(
    NumberText(),
    IsNumber({ allowNaN: false, allowInfinity: false }),
    Min(min),
    Max(max),
  );

/**
 * On `lat` of a query with `lat` and `lon`: the pair must lie in the Netherlands (a 400 on `lat`
 * otherwise), as every endpoint that takes a point checks it.
 */
export const InNetherlandsPoint = () => Validate(InNetherlands);
