import { IsInt, IsOptional, IsString, Max, Min } from 'class-validator';
import { Type } from 'class-transformer';
import { DomainError } from './domain-error.js';
import { validateInput } from './validate-input.js';

class Query {
  @IsString() name: string;
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(10) size: number = 5;
}

function errorOf(fn: () => unknown): DomainError {
  try {
    fn();
  } catch (error) {
    return error as DomainError;
  }
  throw new Error('expected a DomainError');
}

describe(validateInput.name, () => {
  it('should convert query strings and apply defaults', () => {
    expect(validateInput(Query, { name: 'a', size: '7' })).toEqual(
      Object.assign(new Query(), { name: 'a', size: 7 }),
    );
    expect(validateInput(Query, { name: 'a' }).size).toBe(5);
  });

  it('should list every bad field as validation_failed', () => {
    const sut = errorOf(() => validateInput(Query, { size: '0' }));
    expect(sut.code).toBe('validation_failed');
    expect(sut.extra.errors).toEqual(
      expect.arrayContaining([
        { field: 'name', message: 'name must be a string' },
        { field: 'size', message: 'size must not be less than 1' },
      ]),
    );
  });

  it('should refuse fields the DTO does not declare', () => {
    const sut = errorOf(() => validateInput(Query, { name: 'a', extra: '1' }));
    expect(sut.extra.errors).toEqual([
      { field: 'extra', message: 'property extra should not exist' },
    ]);
  });

  it('should refuse input that is not an object', () => {
    expect(errorOf(() => validateInput(Query, 'x')).code).toBe('validation_failed');
    expect(errorOf(() => validateInput(Query, [1])).code).toBe('validation_failed');
  });
});
