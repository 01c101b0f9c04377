import { ApiProperty } from '@nestjs/swagger';
import { PageMeta } from '@nl/contracts-core';

const str = { type: String, nullable: true } as const;

export class ChargePointConnector {
  @ApiProperty({ example: 'IEC_62196_T2' }) standard: string;
  @ApiProperty({ ...str, example: 'SOCKET' }) format: string | null;
  @ApiProperty({ ...str, example: 'AC_3_PHASE' }) power_type: string | null;
  @ApiProperty({ type: Number, nullable: true, example: 11 }) power_kw: number | null;
}

export class ChargePointEvse {
  @ApiProperty({ example: 'NL*NUO*EALF*0065319*2', nullable: true, type: String })
  evse_id: string | null;
  @ApiProperty({ example: 'AVAILABLE' }) status: string;
  @ApiProperty({ type: [ChargePointConnector] }) connectors: ChargePointConnector[];
}

export class ChargePointCoordinates {
  @ApiProperty({ example: 51.68717 }) latitude: number;
  @ApiProperty({ example: 5.30464 }) longitude: number;
}

/** One public charging location (an OCPI 2.2.1 Location of NDW's file, in our shape). */
export class ChargePointItem {
  @ApiProperty({ example: 'NL-NUO-123' }) id: string;
  @ApiProperty({ ...str, example: 'Marktstraat' }) name: string | null;
  @ApiProperty({ ...str, example: 'Marktstraat 1' }) address: string | null;
  @ApiProperty({ ...str, example: "'s-Hertogenbosch" }) city: string | null;
  @ApiProperty({ ...str, example: '5237 CS' }) postcode: string | null;
  @ApiProperty({ type: ChargePointCoordinates }) coordinates: ChargePointCoordinates;
  @ApiProperty({ ...str, example: 'Vattenfall InCharge' }) operator: string | null;
  @ApiProperty({ type: [ChargePointConnector], description: 'Every connector of every EVSE.' })
  connectors: ChargePointConnector[];
  @ApiProperty({ type: [ChargePointEvse] }) evses: ChargePointEvse[];
  @ApiProperty({ example: 1, description: 'EVSEs reported AVAILABLE (UNKNOWN is not counted).' })
  available: number;
  @ApiProperty({ example: 2, description: 'EVSEs.' }) total: number;
  @ApiProperty({
    type: Number,
    nullable: true,
    example: 22,
    description: 'Highest connector power.',
  })
  max_power_kw: number | null;
  @ApiProperty({ type: Number, nullable: true, description: 'Only with `lat`/`lon`: metres away.' })
  distance_m: number | null;
  @ApiProperty({ ...str, format: 'date-time' }) last_updated: string | null;
}

export class ChargePointsResponse {
  @ApiProperty({ example: 1 }) total: number;
  @ApiProperty({ type: [ChargePointItem] }) results: ChargePointItem[];
  @ApiProperty({ type: PageMeta }) meta: PageMeta;
}
