import { Presence } from '@nl/contracts-core';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { HouseNumber, PostcodeText } from './property.requests.js';
import { NL_BOUNDS } from './nl-outline.js';
import { Degrees, InNetherlandsPoint } from './nl-point.js';

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
  @InNetherlandsPoint()
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
