import { FORBIDDEN_TEXT, type FieldError } from '@nl/contracts-core';

/** Deepest nesting of objects and arrays an input may have (every DTO of the API is flat). */
export const MAX_INPUT_DEPTH = 8;

export class InputTooDeepError extends Error {}

/**
 * The one text rule of every DTO, applied to the raw input before any transformation: each
 * string (and each key) must be clean text. Also refuses nesting deeper than
 * {@link MAX_INPUT_DEPTH}, iteratively, so no hostile input reaches recursive code.
 */
export function textErrors(input: unknown): FieldError[] {
  const errors: FieldError[] = [];
  const pending: { value: unknown; path: string; depth: number }[] = [
    { value: input, path: '', depth: 0 },
  ];
  while (pending.length) {
    const { value, path, depth } = pending.pop() as (typeof pending)[number];
    if (typeof value === 'string') {
      if (FORBIDDEN_TEXT.test(value))
        errors.push({
          field: path || '(body)',
          message: `${path || 'the input'} must be text without control characters`,
        });
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    if (depth >= MAX_INPUT_DEPTH) throw new InputTooDeepError();
    for (const [key, child] of Object.entries(value)) {
      const field = path ? `${path}.${key}` : key;
      if (FORBIDDEN_TEXT.test(key)) {
        errors.push({
          field: '(body)',
          message: 'field names must be text without control characters',
        });
        continue;
      }
      pending.push({ value: child, path: field, depth: depth + 1 });
    }
  }
  return errors;
}
