import { BooleanText, OptionalInt, Presence, Text, nonBlankText } from '@nl/contracts-core';
import {
  HOUSE_LETTER_PATTERN,
  HouseNumber,
  PostcodeText,
  normaliseAddressPart,
} from '@nl/contracts-property';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsOptional } from 'class-validator';

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
  page: number = 1;

  @OptionalInt(10, 100, 10, 'Hits per page:')
  per_page: number = 10;
}
