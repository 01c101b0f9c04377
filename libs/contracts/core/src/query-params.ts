import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { NumberText } from './input/wire.js';

/**
 * An optional whole-number query parameter (`page`, `per_page`, `limit`): read from its text,
 * within [min, max], documented with its default (the bounds come from the rules). The property
 * keeps its default.
 */
export const OptionalInt = (min: number, max: number, defaultValue: number, description: string) =>
  applyDecorators(
    ApiPropertyOptional({
      default: defaultValue,
      example: defaultValue,
      description: `${description} ${min} to ${max}, default ${defaultValue}.`,
    }),
    IsOptional(),
    NumberText(),
    IsInt(),
    Min(min),
    Max(max),
  );
