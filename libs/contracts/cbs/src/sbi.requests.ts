import { ApiPropertyOptional, ApiProperty } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import { SBI_CODE_PATTERN, SBI_LEVELS, normalizeSbiCode, type SbiLevel } from './sbi-code.js';

const CODE_MESSAGE =
  '$property must be an SBI 2025 code: a section letter (A-V) or 2 to 5 digits, dots allowed (62.10 or 6210)';

const trimmed = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? value.trim() : value;

/** `GET /v1/cbs/sbi`: the index, optionally filtered. */
export class SbiIndexQuery {
  @ApiPropertyOptional({ enum: SBI_LEVELS, description: 'Only codes of this level.' })
  @IsOptional()
  @IsIn(SBI_LEVELS)
  level?: SbiLevel;

  @ApiPropertyOptional({ example: '62', description: 'Only the direct children of this code.' })
  @IsOptional()
  @Transform(({ value }) => normalizeSbiCode(value))
  @IsString()
  @Matches(SBI_CODE_PATTERN, { message: CODE_MESSAGE })
  parent?: string;

  @ApiPropertyOptional({ minimum: 1, default: 1 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(10_000)
  page: number = 1;

  @ApiPropertyOptional({ minimum: 1, maximum: 500, default: 100 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(500)
  per_page: number = 100;
}

/** `GET /v1/cbs/sbi/{code}`. */
export class SbiLookupParams {
  @ApiProperty({ example: '62.10', description: 'SBI 2025 code, with or without dots.' })
  @Transform(({ value }) => normalizeSbiCode(value))
  @IsString()
  @Matches(SBI_CODE_PATTERN, { message: CODE_MESSAGE })
  code: string;
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

  @ApiPropertyOptional({ minimum: 1, maximum: 100, default: 20 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(100)
  limit: number = 20;
}
