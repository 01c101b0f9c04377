import { ApiProperty } from '@nestjs/swagger';

/** Pagination block of every list response. */
export class PageMeta {
  @ApiProperty({ example: 1954 }) total: number;
  @ApiProperty({ example: 1 }) page: number;
  @ApiProperty({ example: 50 }) per_page: number;
  @ApiProperty({ example: 40 }) last_page: number;
}

export function pageMeta(total: number, page: number, perPage: number): PageMeta {
  return { total, page, per_page: perPage, last_page: Math.max(1, Math.ceil(total / perPage)) };
}
