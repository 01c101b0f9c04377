import { NumberText, OptionalInt, Presence, Text, nonBlankText } from '@nl/contracts-core';
import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import {
  BAG_ID_PATTERN,
  HOUSE_LETTER_PATTERN,
  HOUSE_NUMBER_ADDITION_PATTERN,
  HOUSE_NUMBER_MAX,
  HOUSE_NUMBER_MIN,
  POSTCODE_PATTERN,
  normaliseAddressPart,
  normalisePostcode,
  normaliseSuggestText,
} from './address-input.js';

/** A BAG nummeraanduiding id: exactly 16 digits. */
export const BagIdText = () =>
  Text({
    pattern: BAG_ID_PATTERN,
    message: '$property must be a BAG address (nummeraanduiding) id of exactly 16 digits',
  });

/** A Dutch postcode as the spec writes it, read as `1012AB`. */
export const PostcodeText = () =>
  Text({
    pattern: POSTCODE_PATTERN,
    normalise: normalisePostcode,
    message:
      '$property must be a Dutch postcode: four digits (not starting with 0) and two letters, one space allowed (1012AB or 1012 ab)',
  });

/** A house number: a whole number from 1 to 99999. */
export const HouseNumber = () =>
  applyDecorators(NumberText(), IsInt(), Min(HOUSE_NUMBER_MIN), Max(HOUSE_NUMBER_MAX));

/** The optional house letter of every address query: one letter, any case. */
const HouseLetter = () =>
  applyDecorators(
    ApiPropertyOptional({ example: 'A', description: 'One letter; case does not matter.' }),
    IsOptional(),
    Text({
      pattern: HOUSE_LETTER_PATTERN,
      normalise: normaliseAddressPart,
      message: '$property must be one letter (a-z)',
    }),
  );

/** The optional addition of every address query: 1 to 4 letters or digits. */
const HouseNumberAddition = () =>
  applyDecorators(
    ApiPropertyOptional({ example: '2', description: '1 to 4 letters or digits.' }),
    IsOptional(),
    Text({
      pattern: HOUSE_NUMBER_ADDITION_PATTERN,
      maxLength: 4,
      normalise: normaliseAddressPart,
      message: '$property must be 1 to 4 letters or digits',
    }),
  );

/** `GET /v1/kadaster/bag/address-suggest`: q 2–100 characters, limit 1–10. */
export class AddressSuggestQuery {
  @ApiProperty({
    example: 'Westeringlaan 18',
    description:
      'Part of an address: street and number with or without the city, or a postcode (1012AB, 1012 ab), with at least two characters that are not blank. Case and extra spaces do not matter.',
  })
  @Text({
    pattern: nonBlankText(2),
    minLength: 2,
    maxLength: 100,
    normalise: normaliseSuggestText,
    message: '$property must have at least two characters that are not blank',
  })
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
  @BagIdText()
  id: string;
}

const ADDRESS = ['postcode', 'house_number', 'house_letter', 'house_number_addition'];

/**
 * `GET /v1/property/woz-waarde`: `id`, or `postcode` + `house_number` (+ letter, addition);
 * neither, or both, is a 400.
 */
export class WozValueQuery {
  @ApiPropertyOptional({
    example: '0344200000128086',
    description: 'BAG nummeraanduiding (address) id: 16 digits. Or give postcode and house_number.',
  })
  @Presence({
    without: ADDRESS,
    excludes: ADDRESS,
    message: 'give id, or postcode and house_number',
    excludesMessage:
      'give either id, or postcode and house_number (with house_letter and house_number_addition when the address has them), not both',
  })
  @BagIdText()
  id?: string;

  @ApiPropertyOptional({ example: '3526KP', description: 'Postcode, with or without the space.' })
  @Presence({ without: ['id'], message: 'postcode is required without an id' })
  @PostcodeText()
  postcode?: string;

  @ApiPropertyOptional({ example: 93, description: 'House number; with postcode.' })
  @Presence({ without: ['id'], message: 'house_number is required with a postcode' })
  @HouseNumber()
  house_number?: number;

  @HouseLetter()
  house_letter?: string;

  @HouseNumberAddition()
  house_number_addition?: string;
}

/** `GET /v1/property/pandgegevens`: one address by postcode and number (spec: Endpoints → Property). */
export class PandgegevensQuery {
  @ApiProperty({ example: '3526KP', description: 'Postcode, with or without the space.' })
  @PostcodeText()
  postcode: string;

  @ApiProperty({ example: 93, description: 'House number, without letter or addition.' })
  @HouseNumber()
  house_number: number;

  @HouseLetter()
  house_letter?: string;

  @HouseNumberAddition()
  house_number_addition?: string;
}
