import {
  BooleanText,
  DescribedAs,
  OptionalInt,
  Presence,
  Text,
  nonBlankText,
} from '@nl/contracts-core';
import {
  HOUSE_LETTER_PATTERN,
  HouseNumber,
  PostcodeText,
  normaliseAddressPart,
} from '@nl/contracts-property';
import { ApiPropertyOptional } from '@nestjs/swagger';
import {
  IsBoolean,
  IsOptional,
  Validate,
  ValidatorConstraint,
  type ValidationArguments,
  type ValidatorConstraintInterface,
} from 'class-validator';

/** What KVK calls a search hit: a main branch, another branch, or the legal entity itself. */
export const KVK_SEARCH_TYPES = ['hoofdvestiging', 'nevenvestiging', 'rechtspersoon'] as const;
export type KvkSearchType = (typeof KVK_SEARCH_TYPES)[number];

const TYPE = `(?:${KVK_SEARCH_TYPES.join('|')})`;

/** The criteria of a search; at least one of them must be given (`type` only filters). */
export const KVK_SEARCH_CRITERIA = [
  'name',
  'street',
  'place',
  'postcode',
  'kvk_number',
  'rsin',
  'branch_number',
] as const;

/** At most this many hits of one search can be paged through (KVK's limit). */
export const KVK_SEARCH_REACHABLE = 1_000;

/**
 * The vendor keyword (of the parameters' object rules) that says `page` × `per_page` may not
 * pass its argument (1,000): JSON Schema cannot multiply.
 */
export const KVK_REACH_KEYWORD = 'x-max-page-end';

/** `page` × `per_page` (their defaults when left out) at most {@link KVK_SEARCH_REACHABLE}. */
@DescribedAs({ object: { [KVK_REACH_KEYWORD]: KVK_SEARCH_REACHABLE } })
@ValidatorConstraint({ name: 'withinReach' })
class WithinReach implements ValidatorConstraintInterface {
  validate(_value: unknown, args: ValidationArguments): boolean {
    const { page, per_page } = args.object as CompanySearchQuery;
    // A page or page size that is no whole number in range is reported by its own rules.
    if (!Number.isInteger(page) || !Number.isInteger(per_page) || page < 1 || per_page < 10)
      return true;
    return page * per_page <= KVK_SEARCH_REACHABLE;
  }
  defaultMessage(args: ValidationArguments): string {
    const { per_page } = args.object as CompanySearchQuery;
    return `page × per_page must be at most ${KVK_SEARCH_REACHABLE} (only the first ${KVK_SEARCH_REACHABLE} hits of a search can be paged through): with per_page ${per_page}, page at most ${Math.floor(KVK_SEARCH_REACHABLE / per_page)}`;
  }
}

/** Free text for KVK to match: not blank, at most 100 characters, read trimmed. */
const SearchText = () =>
  Text({
    pattern: nonBlankText(),
    maxLength: 100,
    normalise: (text) => text.trim(),
    message: '$property must not be blank',
  });

const Digits = (count: number, what: string) =>
  Text({
    pattern: new RegExp(`^[0-9]{${count}}$`, 'u'),
    message: `$property must be exactly ${count} digits (${what})`,
  });

const others = (name: string) => KVK_SEARCH_CRITERIA.filter((c) => c !== name);

/** `GET /v1/kvk/search`: KVK's company search (Zoeken), one page of hits. */
export class CompanySearchQuery {
  @ApiPropertyOptional({
    example: 'Test EMZ Dagobert',
    description:
      'Trade name or statutory name (KVK matches the words; at most 100 characters). At least one of name, street, place, postcode with house_number, kvk_number, rsin or branch_number is required.',
  })
  @Presence({
    without: others('name'),
    message:
      'give at least one search criterion: name, street, place, postcode with house_number, kvk_number, rsin or branch_number',
  })
  @SearchText()
  name?: string;

  @ApiPropertyOptional({ example: 'Abebe Bikilalaan', description: 'Street name.' })
  @IsOptional()
  @SearchText()
  street?: string;

  @ApiPropertyOptional({ example: 'Amsterdam', description: 'Place (city or village).' })
  @IsOptional()
  @SearchText()
  place?: string;

  @ApiPropertyOptional({
    example: '1034WL',
    description: 'Dutch postcode, with or without the space; only with house_number.',
  })
  @Presence({ with: ['house_number'], message: 'postcode is required with house_number' })
  @PostcodeText()
  postcode?: string;

  @ApiPropertyOptional({
    example: 17,
    description: 'House number (1 to 99999); only with postcode.',
  })
  @Presence({
    with: ['postcode', 'house_letter'],
    message: 'house_number is required with postcode or house_letter',
  })
  @HouseNumber()
  house_number?: number;

  @ApiPropertyOptional({ example: 'M', description: 'House letter; only with house_number.' })
  @IsOptional()
  @Text({
    pattern: HOUSE_LETTER_PATTERN,
    normalise: normaliseAddressPart,
    message: '$property must be one letter (a-z)',
  })
  house_letter?: string;

  @ApiPropertyOptional({ example: '69599084', description: 'KVK number: exactly 8 digits.' })
  @IsOptional()
  @Digits(8, 'a KVK number')
  kvk_number?: string;

  @ApiPropertyOptional({ example: '992760562', description: 'RSIN: exactly 9 digits.' })
  @IsOptional()
  @Digits(9, 'an RSIN')
  rsin?: string;

  @ApiPropertyOptional({
    example: '000038509504',
    description: 'Branch number: exactly 12 digits.',
  })
  @IsOptional()
  @Digits(12, 'a branch number')
  branch_number?: string;

  @ApiPropertyOptional({
    example: 'hoofdvestiging,rechtspersoon',
    description:
      'Only hits of these types, comma-separated: `hoofdvestiging` (main branch), `nevenvestiging` (other branch), `rechtspersoon` (legal entity). All types when left out.',
  })
  @IsOptional()
  @Text({
    pattern: new RegExp(`^${TYPE}(?:,${TYPE})*$`, 'u'),
    message: '$property must be hoofdvestiging, nevenvestiging or rechtspersoon, comma-separated',
  })
  type?: string;

  @ApiPropertyOptional({
    example: false,
    description: 'true: registrations that ended are found too (`actief: false`). Default false.',
  })
  @IsOptional()
  @BooleanText()
  @IsBoolean({ message: '$property must be true or false' })
  include_inactive?: boolean;

  @OptionalInt(1, 100, 1, 'Page number, from 1 (page × per_page at most 1,000):')
  @Validate(WithinReach)
  page: number = 1;

  @OptionalInt(10, 100, 10, 'Hits per page:')
  per_page: number = 10;
}
