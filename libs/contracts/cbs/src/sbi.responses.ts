import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { PageMeta } from '@nl/contracts-core';
import { SBI_LEVELS, type SbiLevel } from './sbi-code.js';

/** One SBI 2025 code as it appears in lists. */
export class SbiCodeSummary {
  @ApiProperty({ example: '6210' }) code: string;
  @ApiProperty({ example: '62.10', description: "CBS's dotted notation." }) code_dotted: string;
  @ApiProperty({ enum: SBI_LEVELS, example: 'class' }) level: SbiLevel;
  @ApiProperty({ example: 'Ontwerpen van computerprogramma’s', description: 'Dutch title.' })
  title: string;
  @ApiProperty({ example: 'Computer programming activities' }) title_en: string;
  @ApiProperty({ type: String, nullable: true, example: '621' }) parent: string | null;
  @ApiProperty({ example: 'K' }) section: string;
}

/** One step of the classification path, from the section down. */
export class SbiPathItem {
  @ApiProperty({ example: 'K' }) code: string;
  @ApiProperty({ enum: SBI_LEVELS, example: 'section' }) level: SbiLevel;
  @ApiProperty({ example: 'TELECOMMUNICATIE, COMPUTERPROGRAMMERING EN CONSULTANCY, …' })
  title: string;
  @ApiProperty({ example: 'TELECOMMUNICATION, COMPUTER PROGRAMMING, CONSULTING, …' })
  title_en: string;
}

/** One code with its place in the classification. */
export class SbiCodeRecord extends SbiCodeSummary {
  @ApiProperty({
    type: String,
    nullable: true,
    description:
      'CBS explanatory note. The shipped SBI 2025 source has no notes, so this is null until CBS publishes them in a machine-readable form.',
  })
  description: string | null;
  @ApiProperty({ type: [SbiPathItem], description: 'Section → … → this code.' })
  path: SbiPathItem[];
  @ApiProperty({ type: [SbiCodeSummary], description: 'Direct children.' })
  children: SbiCodeSummary[];
  @ApiProperty({ example: 'SBI 2025' }) edition: string;
}

export class SbiLookupResponse {
  @ApiProperty() found: boolean;
  @ApiProperty({ type: SbiCodeRecord, nullable: true }) result: SbiCodeRecord | null;
  @ApiPropertyOptional({ description: 'Why nothing was found.' }) message?: string;
}

export class SbiIndexResponse {
  @ApiProperty({ type: [SbiCodeSummary] }) data: SbiCodeSummary[];
  @ApiProperty({ type: PageMeta }) meta: PageMeta;
}

export const SBI_MATCH_KINDS = ['code', 'code_prefix', 'title', 'fuzzy'] as const;
export type SbiMatchKind = (typeof SBI_MATCH_KINDS)[number];

export class SbiSearchHit extends SbiCodeSummary {
  @ApiProperty({
    enum: SBI_MATCH_KINDS,
    description: 'Why it matched; results are ranked in this order.',
  })
  match: SbiMatchKind;
  @ApiProperty({ example: 0.82, description: 'Relevance within its match kind, 0–1.' })
  score: number;
}

export class SbiSearchResponse {
  @ApiProperty({ example: 'bakkerij' }) query: string;
  @ApiProperty({ example: 5 }) total: number;
  @ApiProperty({ type: [SbiSearchHit] }) results: SbiSearchHit[];
}
