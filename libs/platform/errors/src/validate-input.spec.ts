import {
  IsDefined,
  IsInt,
  IsNumber,
  IsOptional,
  IsString,
  Matches,
  Max,
  Min,
} from 'class-validator';
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

  it('should list every bad field as validation_failed, once each', () => {
    const sut = errorOf(() => validateInput(Query, { size: '0' }));
    expect(sut.code).toBe('validation_failed');
    expect(sut.extra.errors).toEqual([
      { field: 'name', message: 'name is required' },
      { field: 'size', message: 'size must not be less than 1' },
    ]);
  });

  it('should give a missing field one error, whatever rules it has', () => {
    class Coordinates {
      @IsDefined({ message: 'lat is required with lon' })
      @Type(() => Number)
      @IsNumber()
      @Min(-90)
      @Max(90)
      lat: number;
      @IsString() @Matches(/^[0-9]+$/) code: string;
    }
    expect(errorOf(() => validateInput(Coordinates, {})).extra.errors).toEqual([
      { field: 'lat', message: 'lat is required with lon' },
      { field: 'code', message: 'code is required' },
    ]);
  });

  it('should report the most basic failing rule of a field: its type before its range', () => {
    class Latitude {
      @Max(90) @Min(-90) @IsNumber() @Type(() => String) lat: number;
    }
    expect(errorOf(() => validateInput(Latitude, { lat: 'north' })).extra.errors).toEqual([
      { field: 'lat', message: 'lat must be a number conforming to the specified constraints' },
    ]);
  });

  it('should refuse fields the DTO does not declare', () => {
    const sut = errorOf(() => validateInput(Query, { name: 'a', extra: '1' }));
    expect(sut.extra.errors).toEqual([
      { field: 'extra', message: 'property extra should not exist' },
    ]);
  });

  it('should refuse a value whose conversion throws, as a field error', () => {
    const sut = errorOf(() => validateInput(Query, { name: 'a', size: { toString: 'x' } }));
    expect(sut.code).toBe('validation_failed');
  });

  it('should refuse input that is not an object', () => {
    expect(errorOf(() => validateInput(Query, 'x')).code).toBe('validation_failed');
    expect(errorOf(() => validateInput(Query, [1])).code).toBe('validation_failed');
  });
});

describe('the text rule of every input', () => {
  it.each([
    ['NUL', 'a\u0000b'],
    ['a bell', 'a\u0007'],
    ['DEL', 'a\u007f'],
    ['an unpaired high surrogate', 'a\ud800'],
    ['an unpaired low surrogate', '\udc00b'],
  ])('should refuse %s as a field error', (_name, text) => {
    const sut = errorOf(() => validateInput(Query, { name: text }));
    expect(sut.code).toBe('validation_failed');
    expect(sut.extra.errors).toEqual([
      { field: 'name', message: 'name must be text without control characters' },
    ]);
  });

  it('should accept tabs, line breaks, accents and emoji paired as surrogates', () => {
    expect(validateInput(Query, { name: 'Café\t😀\r\n' }).name).toBe('Café\t😀\r\n');
  });

  it('should refuse input nested deeper than the limit without recursing', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 50_000; i++) deep = [deep];
    const sut = errorOf(() => validateInput(Query, { name: deep }));
    expect(sut.extra.errors).toEqual([
      { field: '(body)', message: 'the input is nested deeper than 8 levels' },
    ]);
  });
});
