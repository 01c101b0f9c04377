import { PageMeta } from '@nl/contracts-core';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { KVK_SEARCH_TYPES, type KvkSearchType } from './kvk-search.requests.js';
import { KvkLink } from './kvk.responses.js';

const ADDRESS_TYPES = ['bezoekadres', 'postadres'];

/** A Dutch address of a hit, as KVK's search gives it; absent members are left out. */
export class KvkSearchDomesticAddress {
  @ApiProperty({ enum: ADDRESS_TYPES, example: 'bezoekadres' }) type: string;
  @ApiPropertyOptional({ example: 'Abebe Bikilalaan' }) straatnaam?: string;
  @ApiPropertyOptional({ example: 17 }) huisnummer?: number;
  @ApiPropertyOptional({ example: 'M' }) huisletter?: string;
  @ApiPropertyOptional({ example: 200, description: 'Only on a postadres (P.O. box).' })
  postbusnummer?: number;
  @ApiPropertyOptional({ example: '1034WL' }) postcode?: string;
  @ApiPropertyOptional({ example: 'Amsterdam' }) plaats?: string;
}

/** A foreign address of a hit, as KVK's search gives it; absent members are left out. */
export class KvkSearchForeignAddress {
  @ApiProperty({ enum: ADDRESS_TYPES, example: 'bezoekadres' }) type: string;
  @ApiPropertyOptional({ example: '53 Rue de Tilsitt' }) straatHuisnummer?: string;
  @ApiPropertyOptional({ example: '75008 Paris' }) postcodeWoonplaats?: string;
  @ApiPropertyOptional({ example: 'Frankrijk' }) land?: string;
}

/** The address of a hit: Dutch (`binnenlandsAdres`) or foreign (`buitenlandsAdres`). */
export class KvkSearchAddress {
  @ApiPropertyOptional({ type: KvkSearchDomesticAddress })
  binnenlandsAdres?: KvkSearchDomesticAddress;
  @ApiPropertyOptional({ type: KvkSearchForeignAddress })
  buitenlandsAdres?: KvkSearchForeignAddress;
}

/** One hit: a branch, or a legal entity (which has no branch number and often no address). */
export class KvkSearchHit {
  @ApiProperty({ example: '69599084' }) kvkNummer: string;
  @ApiProperty({
    type: String,
    nullable: true,
    example: '000038509504',
    description: 'Branch number; null for a legal entity (`type: rechtspersoon`).',
  })
  vestigingsnummer: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    example: null,
    description: 'RSIN, when KVK gives it with the hit (a search by RSIN does).',
  })
  rsin: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'Test EMZ Dagobert' }) naam: string | null;
  @ApiProperty({
    type: KvkSearchAddress,
    nullable: true,
    description: 'Null when KVK gives none (often so for a legal entity).',
  })
  adres: KvkSearchAddress | null;
  @ApiProperty({ enum: KVK_SEARCH_TYPES, example: 'hoofdvestiging' }) type: KvkSearchType;
  @ApiProperty({
    example: true,
    description:
      'False for a registration that ended (found with `include_inactive=true` only); KVK leaves the flag out of active hits.',
  })
  actief: boolean;
  @ApiProperty({
    type: String,
    nullable: true,
    example: null,
    description: 'A name the registration no longer carries, when the hit was found by it.',
  })
  vervallenNaam: string | null;
  @ApiProperty({
    type: [KvkLink],
    description:
      'Our own profiles of the hit: `basisprofiel` (`/v1/kvk/{kvkNummer}`) and, for a branch, `vestigingsprofiel`.',
  })
  links: KvkLink[];
}

/** `GET /v1/kvk/search`: one page of hits. */
export class CompanySearchResponse {
  @ApiProperty({ example: 2, description: 'Hits KVK counts for the search (all pages).' })
  total: number;
  @ApiProperty({ type: [KvkSearchHit] }) results: KvkSearchHit[];
  @ApiProperty({
    type: PageMeta,
    description:
      '`last_page` is the last page that can be asked for: at most 1,000 hits of a search can be paged through.',
  })
  meta: PageMeta;
  @ApiProperty({
    type: [KvkLink],
    description: '`self`, and `prev` / `next` when there is such a page, on our own path.',
  })
  links: KvkLink[];
  @ApiProperty({ example: '2026-11-24T10:00:00.000Z', description: 'When the register was read.' })
  lastFetchedAt: string;
}
