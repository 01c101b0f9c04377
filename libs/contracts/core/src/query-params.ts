import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';

/**
 * An optional whole-number query parameter (`page`, `per_page`, `limit`): read from its text,
 * within [min, max], documented with its bounds and default. The property keeps its default.
 */
export const OptionalInt = (min: number, max: number, defaultValue: number, description: string) =>
  applyDecorators(
    ApiPropertyOptional({
      minimum: min,
      maximum: max,
      default: defaultValue,
      example: defaultValue,
      description: `${description} ${min} to ${max}, default ${defaultValue}.`,
    }),
    IsOptional(),
    Type(() => Number),
    IsInt(),
    Min(min),
    Max(max),
  );
