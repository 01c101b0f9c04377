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

export const SBI_MAPPINGS = ['derived_via_nace', 'derived_via_nace_group', 'none'] as const;
export type SbiMapping = (typeof SBI_MAPPINGS)[number];
export const SBI_MAPPING_TYPES = [
  'one_to_one',
  'one_to_many',
  'many_to_one',
  'many_to_many',
] as const;
export type SbiMappingType = (typeof SBI_MAPPING_TYPES)[number];

/** One SBI 2025 code an SBI 2008 code may have become. */
export class SbiSuccessor extends SbiCodeSummary {
  @ApiProperty({
    enum: SBI_MAPPING_TYPES,
    example: 'one_to_one',
    description:
      'How the SBI 2008 class and this code’s SBI 2025 class (`parent`) relate among all SBI 2008 classes: `one_to_one`; `one_to_many` (the old class split, so the right code depends on the company); `many_to_one` (several old classes merged into it); `many_to_many`.',
  })
  mapping_type: SbiMappingType;
}

/** The SBI 2025 candidates of an SBI 2008 code, and how they were found. */
export class SbiSuccessors {
  @ApiProperty({
    enum: SBI_MAPPINGS,
    example: 'derived_via_nace',
    description:
      'How the candidates were found; never CBS’s official SBI 2008 → 2025 table, which is not public. `derived_via_nace`: the SBI 2008 class is the NACE Rev. 2 class with the same code; Eurostat’s NACE Rev. 2 → 2.1 correspondence gives its NACE Rev. 2.1 classes, and the candidates are the SBI 2025 codes under them. `derived_via_nace_group`: a Dutch class without a NACE twin, placed by its NACE group (the group’s only NACE class, or the whole group when the class is its group’s only SBI class). `none`: a Dutch class the published tables cannot place; no candidates.',
  })
  mapping: SbiMapping;
  @ApiProperty({
    example: '1011',
    description: 'The SBI 2008 class the mapping starts from: a subclass maps through its class.',
  })
  from: string;
  @ApiProperty({
    type: [String],
    example: ['10.11'],
    description: 'The NACE Rev. 2 classes the mapping went through.',
  })
  nace2: string[];
  @ApiProperty({
    type: [SbiSuccessor],
    description:
      'SBI 2025 subclasses (the codes KVK registers) under each NACE Rev. 2.1 class, in classification order; empty with `mapping: none`.',
  })
  candidates: SbiSuccessor[];
  @ApiProperty({
    example:
      'Derived at the four-digit level through NACE (SBI 2008 class 10.11 = NACE Rev. 2 class 10.11 → NACE Rev. 2.1 → SBI 2025), not from CBS’s official table.',
  })
  note: string;
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
  @ApiProperty({ enum: ['SBI 2025', 'SBI 2008'], example: 'SBI 2025' }) edition: string;
  @ApiPropertyOptional({
    type: SbiSuccessors,
    nullable: true,
    description:
      'With `edition=2008` only: the SBI 2025 candidates of an SBI 2008 class or subclass; null for a section, division or group.',
  })
  successors?: SbiSuccessors | null;
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
