import type { Type } from '@nestjs/common';
import type { FieldError } from '@nl/contracts-core';
import { plainToInstance } from 'class-transformer';
import { validateSync, type ValidationError } from 'class-validator';
import { DomainError } from './domain-error.js';
import { InputTooDeepError, MAX_INPUT_DEPTH, textErrors } from './text-input.js';
import { memoiseValidationMetadata } from './validation-metadata.js';

// Every process that validates input loads this file: its rules are looked up once per class.
memoiseValidationMetadata();

function flatten(errors: readonly ValidationError[], prefix = ''): FieldError[] {
  return errors.flatMap((error) => {
    const field = prefix ? `${prefix}.${error.property}` : error.property;
    const own = Object.values(error.constraints ?? {}).map((message) => ({ field, message }));
    return [...own, ...flatten(error.children ?? [], field)];
  });
}

/**
 * Turns untrusted input into a validated DTO instance, or throws a `validation_failed`
 * {@link DomainError} listing every bad field. Unknown fields are refused (whitelist +
 * forbidNonWhitelisted, ARCHITECTURE §4 step 2), and so is text with control characters or
 * input nested too deep ({@link textErrors}), before any transformation. The gateway and the
 * services share it, so a message is checked the same way on both sides of the wire.
 */
export function validateInput<T extends object>(type: Type<T>, input: unknown): T {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw DomainError.validation([{ field: '(body)', message: 'the input must be a JSON object' }]);
  }
  let dirty: FieldError[];
  try {
    dirty = textErrors(input);
  } catch (error) {
    if (!(error instanceof InputTooDeepError)) throw error;
    throw DomainError.validation([
      { field: '(body)', message: `the input is nested deeper than ${MAX_INPUT_DEPTH} levels` },
    ]);
  }
  if (dirty.length) throw DomainError.validation(dirty);
  let instance: T;
  try {
    instance = plainToInstance(type, input);
  } catch {
    // A conversion the DTO declares failed on a hostile value (`{"credits":{"toString":"x"}}`
    // makes Number() throw): a bad input like any other, not a bug of ours.
    throw DomainError.validation([{ field: '(body)', message: 'the input could not be read' }]);
  }
  const errors = validateSync(instance, {
    whitelist: true,
    forbidNonWhitelisted: true,
    forbidUnknownValues: true,
    validationError: { target: false, value: false },
  });
  if (errors.length) throw DomainError.validation(flatten(errors));
  return instance;
}
