import { OptionalInt } from '@nl/contracts-core';
import { ApiPropertyOptional, ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import {
  SBI_CODE_PATTERN,
  SBI_EDITIONS,
  SBI_LEVELS,
  normalizeSbiCode,
  type SbiEdition,
  type SbiLevel,
} from './sbi-code.js';

const CODE_MESSAGE =
  '$property must be an SBI code: a section letter or 2 to 5 digits, dots allowed (62.10 or 6210)';

const trimmed = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? value.trim() : value;

/** `GET /v1/cbs/sbi`: the index, optionally filtered. */
export class SbiIndexQuery {
  @ApiPropertyOptional({
    enum: SBI_LEVELS,
    example: 'section',
    description: 'Only codes of this level.',
  })
  @IsOptional()
  @IsIn(SBI_LEVELS)
  level?: SbiLevel;

  @ApiPropertyOptional({ example: '62', description: 'Only the direct children of this code.' })
  @IsOptional()
  @Transform(({ value }) => normalizeSbiCode(value))
  @IsString()
  @Matches(SBI_CODE_PATTERN, { message: CODE_MESSAGE })
  parent?: string;

  @OptionalInt(1, 10_000, 1, 'Page number, from 1:')
  page: number = 1;

  @OptionalInt(1, 500, 100, 'Codes per page:')
  per_page: number = 100;
}

/** `GET /v1/cbs/sbi/{code}`. */
export class SbiLookupParams {
  @ApiProperty({ example: '62.10', description: 'SBI code, with or without dots.' })
  @Transform(({ value }) => normalizeSbiCode(value))
  @IsString()
  @Matches(SBI_CODE_PATTERN, { message: CODE_MESSAGE })
  code: string;

  @ApiPropertyOptional({
    enum: SBI_EDITIONS,
    default: '2025',
    example: '2008',
    description:
      'The edition the code is read in. `2008`: the SBI 2008 class (as older KVK answers carry it, e.g. `1011`) with its SBI 2025 candidates in `successors`.',
  })
  @IsOptional()
  @Transform(trimmed)
  @IsIn(SBI_EDITIONS, { message: 'edition must be 2008 or 2025' })
  edition?: SbiEdition;
}

/** `GET /v1/cbs/sbi/search`. */
export class SbiSearchQuery {
  @ApiProperty({
    example: 'bakkerij',
    minLength: 1,
    maxLength: 100,
    description: 'Words (Dutch or English, any case and accents) or a code or code prefix.',
  })
  @Transform(trimmed)
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  q: string;

  @OptionalInt(1, 100, 20, 'Most results to answer:')
  limit: number = 20;
}
