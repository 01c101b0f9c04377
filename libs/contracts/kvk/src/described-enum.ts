import type { ApiPropertyOptions } from '@nestjs/swagger';

/**
 * OpenAPI options for a string enum whose values each mean something: the values, a
 * description listing each with its meaning, and `x-enumDescriptions` (the same, per value),
 * which Redoc and Redocly show beside each value.
 */
export function describedEnum<K extends string>(
  meanings: Readonly<Record<K, string>>,
  intro: string,
  example: K,
): ApiPropertyOptions {
  const values = Object.keys(meanings) as K[];
  return {
    enum: values,
    example,
    description: `${intro}\n\n${values.map((v) => `- \`${v}\`: ${meanings[v]}`).join('\n')}`,
    ...({ 'x-enumDescriptions': meanings } as object),
  };
}
