import { OptionalInt } from '@nl/contracts-core';
import { ApiProperty } from '@nestjs/swagger';
import { NL_BOUNDS } from './nl-outline.js';
import { Degrees, InNetherlandsPoint } from './nl-point.js';

/** How far from the point an address may lie and still be answered, in metres. */
export const NEARBY_RADIUS_M = 250;
/** The most addresses one call may ask for; every limit shares one cache entry of this many. */
export const NEARBY_MAX = 10;
/** Addresses answered without a `limit`. */
export const NEARBY_DEFAULT_LIMIT = 5;

/** `GET /v1/kadaster/bag/nearby`: a WGS84 point in the Netherlands, `limit` 1–10. */
export class NearbyQuery {
  @ApiProperty({
    example: 52.0642,
    description: 'Latitude, WGS84 degrees; with lon. The point must lie in the Netherlands.',
  })
  @Degrees(NL_BOUNDS.lat)
  @InNetherlandsPoint()
  lat: number;

  @ApiProperty({ example: 5.107, description: 'Longitude, WGS84 degrees; with lat.' })
  @Degrees(NL_BOUNDS.lon)
  lon: number;

  @OptionalInt(1, NEARBY_MAX, NEARBY_DEFAULT_LIMIT, 'Most addresses to answer, nearest first:')
  limit: number = NEARBY_DEFAULT_LIMIT;
}
