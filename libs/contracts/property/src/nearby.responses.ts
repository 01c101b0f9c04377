import { ApiProperty } from '@nestjs/swagger';
import { AddressRecord } from './property.responses.js';

/** One address near the point: how far, and its record as `bag/id` answers it from PDOK. */
export class NearbyAddress {
  @ApiProperty({
    type: Number,
    example: 6.1,
    description: 'Metres from the point to the address point, to a tenth of a metre.',
  })
  distance_m: number;
  @ApiProperty({
    type: AddressRecord,
    description:
      'The address record of `GET /v1/kadaster/bag/id`, as PDOK Locatieserver gives it: the members only the BAG API holds are null (arrays null); ask bag/id with the id for them.',
  })
  address: AddressRecord;
}

/** `GET /v1/kadaster/bag/nearby`. */
export class NearbyResponse {
  @ApiProperty({
    type: Number,
    example: 250,
    description: 'The search radius: no address further from the point is answered.',
  })
  radius_m: number;
  @ApiProperty({
    type: [NearbyAddress],
    maxItems: 10,
    description: 'Nearest first; empty when no address lies within the radius.',
  })
  results: NearbyAddress[];
}
