import { ApiProperty } from '@nestjs/swagger';
import { Text } from '@nl/contracts-core';
import { PLATE_INPUT, normalisePlate } from './plate.js';

/** A Dutch licence plate as sent (any case, separators free), read in the registry's form. */
export const LicensePlate = () =>
  Text({
    pattern: PLATE_INPUT,
    normalise: normalisePlate,
    message:
      '$property must be a Dutch licence plate: 6 letters and digits in one of the 14 sidecode patterns (e.g. TT-601-D, 12-ABC-3), hyphens and case free',
  });

/** `GET /v1/rdw/vehicle-lite` and `/v1/rdw/vehicle`. */
export class PlateQuery {
  @ApiProperty({
    example: 'TT-601-D',
    description:
      'Dutch licence plate in one of the 14 sidecodes, any case, with or without a hyphen, space or dot between characters.',
  })
  @LicensePlate()
  license_plate: string;
}
