import type { Type } from '@nestjs/common';
import type { FieldError } from '@nl/contracts-core';
import { plainToInstance } from 'class-transformer';
import { validateSync, type ValidationError } from 'class-validator';
import { DomainError } from './domain-error.js';
import { InputTooDeepError, MAX_INPUT_DEPTH, textErrors } from './text-input.js';
import { memoiseValidationMetadata } from './validation-metadata.js';

// Every process that validates input loads this file: its rules are looked up once per class.
memoiseValidationMetadata();

/**
 * Which failing rule of a member speaks for it, most basic first: its absence, then its type,
 * then its form, then its range, then rules over several members. A member the caller left out
 * fails every rule after its absence too, and `lat` that is not a number is also "not less than
 * -90": only the first says what to fix.
 */
const RANK: Readonly<Record<string, number>> = {
  isDefined: 0,
  whitelistValidation: 0,
  isString: 1,
  isNumber: 1,
  isInt: 1,
  isBoolean: 1,
  isIn: 2,
  matches: 2,
  isNotEmpty: 2,
  minLength: 2,
  maxLength: 2,
  min: 3,
  max: 3,
};
const rankOf = (rule: string) => RANK[rule] ?? 4;

/** The one message of a member: "… is required" when it is missing, else its first failing rule. */
function messageOf(field: string, constraints: Record<string, string>, missing: boolean): string {
  if (missing && !('isDefined' in constraints)) return `${field} is required`;
  const [first] = Object.entries(constraints).sort(([a], [b]) => rankOf(a) - rankOf(b));
  return first[1];
}

/** One error per member (and per nested member), named by its path. */
function flatten(errors: readonly ValidationError[], input?: object, prefix = ''): FieldError[] {
  return errors.flatMap((error) => {
    const field = prefix ? `${prefix}.${error.property}` : error.property;
    const constraints = error.constraints ?? {};
    const missing =
      input !== undefined && (input as Record<string, unknown>)[error.property] === undefined;
    const own = Object.keys(constraints).length
      ? [{ field, message: messageOf(field, constraints, missing) }]
      : [];
    return [...own, ...flatten(error.children ?? [], undefined, field)];
  });
}

/**
 * Turns untrusted input into a validated DTO instance, or throws a `validation_failed` {@link
 * DomainError} listing every bad field, once. Unknown fields are refused (whitelist +
 * forbidNonWhitelisted, the validation step of every call), and so is text with control characters
 * or input nested too deep ({@link textErrors}), before any transformation. The gateway and the
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
  if (errors.length) throw DomainError.validation(flatten(errors, instance));
  return instance;
}
