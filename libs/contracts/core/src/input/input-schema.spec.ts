import { plainToInstance } from 'class-transformer';
import {
  IsEmail,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Matches,
  Max,
  Min,
  Validate,
  ValidateIf,
  ValidatorConstraint,
  validateSync,
  type ValidatorConstraintInterface,
} from 'class-validator';
import { UndocumentedRuleError, inputSchemaOf } from './input-schema.js';
import { TEXT_PATTERN, nonBlankText } from './text.js';
import { DescribedAs, NumberText, Presence, Text } from './wire.js';

@DescribedAs({ property: { 'x-even': true } })
@ValidatorConstraint({ name: 'even' })
class Even implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    return typeof value === 'number' && value % 2 === 0;
  }
}

@ValidatorConstraint({ name: 'odd' })
class Odd implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    return typeof value === 'number' && value % 2 === 1;
  }
}

class Query {
  @Text({ pattern: /^[0-9]{4}$/u, normalise: (t) => t }) code: string;
  @IsOptional() @NumberText() @IsInt() @Min(1) @Max(10) @Validate(Even) size?: number;
  @IsOptional() @IsIn(['a', 'b']) kind?: string;
  @IsOptional() @Text({ pattern: nonBlankText(), maxLength: 20 }) note?: string;
  @IsOptional() @IsString() free?: string;
  @Presence({ with: ['lon'], without: ['code'] }) @NumberText() @IsInt() lat?: number;
  @Presence({ with: ['lat'], excludes: ['kind'] }) @NumberText() @IsInt() lon?: number;
}

class WithEmail {
  @IsEmail() email: string;
}
class WithOdd {
  @Validate(Odd) n: number;
}
class WithCondition {
  @ValidateIf(() => true) @IsString() s: string;
}
class WithoutUnicode {
  @Matches(/^[a-z]+$/) s: string;
}
class WithCaseless {
  @Matches(/^[a-z]+$/iu) s: string;
}

describe(inputSchemaOf.name, () => {
  it('should state every rule of every member as JSON Schema', () => {
    const sut = inputSchemaOf(Query);
    expect(sut.properties).toEqual({
      code: { type: 'string', pattern: '^[0-9]{4}$' },
      size: { type: 'integer', minimum: 1, maximum: 10, 'x-even': true },
      kind: { type: 'string', enum: ['a', 'b'] },
      note: { type: 'string', maxLength: 20, pattern: nonBlankText().source },
      free: { type: 'string', pattern: TEXT_PATTERN.source },
      lat: { type: 'integer' },
      lon: { type: 'integer' },
    });
    expect(sut.required).toEqual(['code']);
    expect(sut.rules).toEqual({
      dependentRequired: { lon: ['lat'], lat: ['lon'] },
      allOf: [{ anyOf: [{ required: ['lat'] }, { required: ['code'] }] }],
      dependentSchemas: { lon: { not: { anyOf: [{ required: ['kind'] }] } } },
    });
  });

  it('should read numbers only in the form JSON writes them', () => {
    const read = (size: string) => plainToInstance(Query, { code: '1234', size }).size;
    expect(read('4')).toBe(4);
    expect(read('4e0')).toBe(4);
    for (const text of ['', ' 4', '0x4', '04', 'Infinity', '4.']) expect(read(text)).toBe(text);
  });

  it('should apply presence rules as the schema states them', () => {
    const errors = (input: object) =>
      validateSync(plainToInstance(Query, input)).map((e) => e.property);
    expect(errors({ code: '1234' })).toEqual([]);
    expect(errors({})).toEqual(['code', 'lat']);
    expect(errors({ code: '1234', lat: '2' })).toEqual(['lon']);
    expect(errors({ code: '1234', lat: '2', lon: '4', kind: 'a' })).toEqual(['lon']);
  });

  it.each([
    ['a validator without a twin', WithEmail, /isEmail has no JSON Schema twin/],
    ['a custom rule without its schema', WithOdd, /Odd has no schema/],
    ['a condition other than Presence', WithCondition, /Presence/],
    ['a pattern without the u flag', WithoutUnicode, /u flag/],
    ['a pattern with a flag JSON Schema has not', WithCaseless, /u flag/],
  ])('should refuse %s', (_title, type, message) => {
    expect(() => inputSchemaOf(type)).toThrow(UndocumentedRuleError);
    expect(() => inputSchemaOf(type)).toThrow(message);
  });
});
