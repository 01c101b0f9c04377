import { OptionalInt } from '@nl/contracts-core';
import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  IsDefined,
  IsInt,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
  Validate,
  ValidateIf,
  ValidatorConstraint,
  type ValidationArguments,
  type ValidatorConstraintInterface,
} from 'class-validator';
import {
  BAG_ID_PATTERN,
  HOUSE_LETTER_PATTERN,
  HOUSE_NUMBER_ADDITION_PATTERN,
  HOUSE_NUMBER_MAX,
  HOUSE_NUMBER_MIN,
  POSTCODE_PATTERN,
  normaliseAddressPart,
  normaliseId,
  normalisePostcode,
  normaliseSuggestText,
} from './address-input.js';

const ID_MESSAGE = '$property must be a BAG address (nummeraanduiding) id of exactly 16 digits';
const POSTCODE_MESSAGE =
  '$property must be a Dutch postcode: four digits (not starting with 0) and two letters, one space allowed (1012AB or 1012 ab)';
const LETTER_MESSAGE = '$property must be one letter (a-z)';
const ADDITION_MESSAGE = '$property must be 1 to 4 letters or digits';

/** The optional house letter of every address query: one letter, any case. */
const HouseLetter = () =>
  applyDecorators(
    ApiPropertyOptional({ example: 'A', description: 'One letter; case does not matter.' }),
    IsOptional(),
    Transform(({ value }) => normaliseAddressPart(value)),
    IsString(),
    Matches(HOUSE_LETTER_PATTERN, { message: LETTER_MESSAGE }),
  );

/** The optional addition of every address query: 1 to 4 letters or digits. */
const HouseNumberAddition = () =>
  applyDecorators(
    ApiPropertyOptional({ example: '2', description: '1 to 4 letters or digits.' }),
    IsOptional(),
    Transform(({ value }) => normaliseAddressPart(value)),
    IsString(),
    MaxLength(4),
    Matches(HOUSE_NUMBER_ADDITION_PATTERN, { message: ADDITION_MESSAGE }),
  );

/** `GET /v1/kadaster/bag/address-suggest`: q 2–100 characters, limit 1–10. */
export class AddressSuggestQuery {
  @ApiProperty({
    example: 'Westeringlaan 18',
    minLength: 2,
    maxLength: 100,
    description:
      'Part of an address: street and number with or without the city, or a postcode (1012AB, 1012 ab). Case and extra spaces do not matter.',
  })
  @Transform(({ value }) => normaliseSuggestText(value))
  @IsString()
  @MinLength(2)
  @MaxLength(100)
  q: string;

  @OptionalInt(1, 10, 10, 'Most suggestions to answer:')
  limit: number = 10;
}

/** `GET /v1/kadaster/bag/id`. */
export class BagIdQuery {
  @ApiProperty({
    example: '0344200000128086',
    description: 'BAG nummeraanduiding (address) id: 16 digits.',
  })
  @Transform(({ value }) => normaliseId(value))
  @IsString()
  @Matches(BAG_ID_PATTERN, { message: ID_MESSAGE })
  id: string;
}

/** The address members of a property-value query are all absent when `id` is given. */
@ValidatorConstraint({ name: 'idOrAddress' })
class IdOrAddress implements ValidatorConstraintInterface {
  validate(_value: unknown, args: ValidationArguments): boolean {
    const query = args.object as WozValueQuery;
    return [
      query.postcode,
      query.house_number,
      query.house_letter,
      query.house_number_addition,
    ].every((member) => member === undefined);
  }
  defaultMessage(): string {
    return 'give either id, or postcode and house_number (with house_letter and house_number_addition when the address has them), not both';
  }
}

const needsAddress = (query: WozValueQuery) => query.id === undefined;

/**
 * `GET /v1/property/woz-waarde`: `id`, or `postcode` + `house_number` (+ letter, addition);
 * neither, or both, is a 400.
 */
export class WozValueQuery {
  @ApiPropertyOptional({
    example: '0344200000128086',
    description: 'BAG nummeraanduiding (address) id: 16 digits. Or give postcode and house_number.',
  })
  @ValidateIf((query: WozValueQuery) => query.id !== undefined || query.postcode === undefined)
  @Transform(({ value }) => normaliseId(value))
  @IsDefined({ message: 'give id, or postcode and house_number' })
  @IsString()
  @Matches(BAG_ID_PATTERN, { message: ID_MESSAGE })
  @Validate(IdOrAddress)
  id?: string;

  @ApiPropertyOptional({ example: '3526KP', description: 'Postcode, with or without the space.' })
  @ValidateIf((query: WozValueQuery) => needsAddress(query) || query.postcode !== undefined)
  @Transform(({ value }) => normalisePostcode(value))
  @IsDefined({ message: 'postcode is required without an id' })
  @IsString()
  @Matches(POSTCODE_PATTERN, { message: POSTCODE_MESSAGE })
  postcode?: string;

  @ApiPropertyOptional({
    example: 93,
    minimum: HOUSE_NUMBER_MIN,
    maximum: HOUSE_NUMBER_MAX,
    description: 'House number; with postcode.',
  })
  @ValidateIf((query: WozValueQuery) => needsAddress(query) || query.house_number !== undefined)
  @Type(() => Number)
  @IsDefined({ message: 'house_number is required with a postcode' })
  @IsInt()
  @Min(HOUSE_NUMBER_MIN)
  @Max(HOUSE_NUMBER_MAX)
  house_number?: number;

  @HouseLetter()
  house_letter?: string;

  @HouseNumberAddition()
  house_number_addition?: string;
}

/** `GET /v1/property/pandgegevens`: one address by postcode and number (spec: Endpoints → Property). */
export class PandgegevensQuery {
  @ApiProperty({ example: '3526KP', description: 'Postcode, with or without the space.' })
  @Transform(({ value }) => normalisePostcode(value))
  @IsString()
  @Matches(POSTCODE_PATTERN, { message: POSTCODE_MESSAGE })
  postcode: string;

  @ApiProperty({
    example: 93,
    minimum: HOUSE_NUMBER_MIN,
    maximum: HOUSE_NUMBER_MAX,
    description: 'House number, without letter or addition.',
  })
  @Type(() => Number)
  @IsInt()
  @Min(HOUSE_NUMBER_MIN)
  @Max(HOUSE_NUMBER_MAX)
  house_number: number;

  @HouseLetter()
  house_letter?: string;

  @HouseNumberAddition()
  house_number_addition?: string;
}
