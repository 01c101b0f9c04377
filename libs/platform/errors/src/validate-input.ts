import type { Type } from '@nestjs/common';
import type { FieldError } from '@nl/contracts-core';
import { plainToInstance } from 'class-transformer';
import { validateSync, type ValidationError } from 'class-validator';
import { DomainError } from './domain-error.js';

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
 * forbidNonWhitelisted, ARCHITECTURE §4 step 2). The gateway and the services share it, so a
 * message is checked the same way on both sides of the wire.
 */
export function validateInput<T extends object>(type: Type<T>, input: unknown): T {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw DomainError.validation([{ field: '(body)', message: 'the input must be a JSON object' }]);
  }
  const instance = plainToInstance(type, input);
  const errors = validateSync(instance, {
    whitelist: true,
    forbidNonWhitelisted: true,
    forbidUnknownValues: true,
    validationError: { target: false, value: false },
  });
  if (errors.length) throw DomainError.validation(flatten(errors));
  return instance;
}
