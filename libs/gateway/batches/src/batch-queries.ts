import { DomainError } from '@nl/platform-errors';
import { OptionalInt } from '@nl/contracts-core';
import { IsOptional, IsString, Matches, MaxLength } from 'class-validator';

/** A UTC date-time as `next_before` gives it (toISOString), milliseconds optional. */
export const DATE_TIME =
  /^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])T([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9](\.[0-9]{1,3})?Z$/;

/** The query of `GET /v1/batches`: a page of jobs, newest first. */
export class BatchListQuery {
  @OptionalInt(1, 100, 20, 'Jobs per page:')
  limit: number = 20;

  @IsOptional()
  @Matches(DATE_TIME, {
    message: 'before must be a UTC date-time such as 2026-11-28T12:00:00.000Z',
  })
  before?: string;
}

/** The query of a job's own operations has no members: each one sent is refused, as everywhere. */
export function refuseQuery(query: unknown): void {
  const names = Object.keys((query ?? {}) as object);
  if (names.length)
    throw DomainError.validation(
      names.map((field) => ({ field, message: `property ${field} should not exist` })),
    );
}

/** The query of an NDJSON or CSV upload: what a JSON body says beside its items. */
export class UploadQuery {
  @IsOptional()
  @IsString()
  @MaxLength(200)
  endpoint?: string;

  @IsOptional()
  @IsString()
  @MaxLength(2048)
  webhook_url?: string;
}
