import { OptionalInt, Text, nonBlankText } from '@nl/contracts-core';
import { ApiPropertyOptional, ApiProperty } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import {
  SBI_CODE_INPUT,
  SBI_EDITIONS,
  SBI_LEVELS,
  normalizeSbiCode,
  type SbiEdition,
  type SbiLevel,
} from './sbi-code.js';

/** An SBI code as written (`62.10`, `6210`, `k`), read in its compact form (`6210`, `K`). */
const SbiCodeText = () =>
  Text({
    pattern: SBI_CODE_INPUT,
    normalise: (text) => normalizeSbiCode(text) as string,
    message:
      '$property must be an SBI code: a section letter or 2 to 5 digits, dots allowed (62.10 or 6210)',
  });

/** `GET /v1/cbs/sbi`: the index, optionally filtered. */
export class SbiIndexQuery {
  @ApiPropertyOptional({
    example: 'section',
    description: 'Only codes of this level.',
  })
  @IsOptional()
  @IsIn(SBI_LEVELS)
  level?: SbiLevel;

  @ApiPropertyOptional({ example: '62', description: 'Only the direct children of this code.' })
  @IsOptional()
  @SbiCodeText()
  parent?: string;

  @OptionalInt(1, 10_000, 1, 'Page number, from 1:')
  page: number = 1;

  @OptionalInt(1, 500, 100, 'Codes per page:')
  per_page: number = 100;
}

/** `GET /v1/cbs/sbi/{code}`. */
export class SbiLookupParams {
  @ApiProperty({ example: '62.10', description: 'SBI code, with or without dots.' })
  @SbiCodeText()
  code: string;

  @ApiPropertyOptional({
    default: '2025',
    example: '2008',
    description:
      'The edition the code is read in. `2008`: the SBI 2008 class (as older KVK answers carry it, e.g. `1011`) with its SBI 2025 candidates in `successors`.',
  })
  @IsOptional()
  @IsIn(SBI_EDITIONS, { message: 'edition must be 2008 or 2025' })
  edition?: SbiEdition;
}

/** `GET /v1/cbs/sbi/search`. */
export class SbiSearchQuery {
  @ApiProperty({
    example: 'bakkerij',
    description:
      'Words (Dutch or English, any case and accents) or a code or code prefix; spaces around it are dropped.',
  })
  @Text({
    pattern: nonBlankText(),
    maxLength: 100,
    normalise: (text) => text.trim(),
    message: '$property must not be blank',
  })
  q: string;

  @OptionalInt(1, 100, 20, 'Most results to answer:')
  limit: number = 20;
}
