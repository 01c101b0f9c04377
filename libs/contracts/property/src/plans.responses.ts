import { ApiProperty } from '@nestjs/swagger';

const str = { type: String, nullable: true } as const;

export class PlanStatusInfo {
  @ApiProperty({ ...str, example: 'vastgesteld' }) planstatus: string | null;
  @ApiProperty({ ...str, example: '2015-06-25' }) datum: string | null;
}

export class PlanAuthority {
  @ApiProperty({ ...str, example: 'gemeente Utrecht' }) naam: string | null;
}

/** One item of `_embedded.plannen` (spec: Spatial plans response). */
export class PlanItem {
  @ApiProperty({ example: 'NL.IMRO.0344.BPxxxx-VA01' }) id: string;
  @ApiProperty({ example: 'Europalaan e.o.' }) naam: string;
  @ApiProperty({ example: 'bestemmingsplan' }) type: string;
  @ApiProperty({ type: PlanStatusInfo, nullable: true }) planstatusInfo: PlanStatusInfo | null;
  @ApiProperty({ type: PlanAuthority, nullable: true })
  beleidsmatigVerantwoordelijkeOverheid: PlanAuthority | null;
  @ApiProperty({
    example: 'https://www.ruimtelijkeplannen.nl/viewer/view?planidn=NL.IMRO.0344.BPxxxx-VA01',
    description: 'The plan in the ruimtelijkeplannen.nl viewer.',
  })
  plan_url: string;
}

export class PlansEmbedded {
  @ApiProperty({ type: [PlanItem] }) plannen: PlanItem[];
}

/** `GET /v1/dso/plans`. */
export class PlansResponse {
  @ApiProperty({ type: PlansEmbedded }) _embedded: PlansEmbedded;
}
