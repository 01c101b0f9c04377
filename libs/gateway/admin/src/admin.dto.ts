import { applyDecorators } from '@nestjs/common';
import { TIERS, type Tier } from '@nl/contracts-core';
import { Type } from 'class-transformer';
import {
  KEY_MODES,
  type KeyMode,
  MAX_ALLOWED_ORIGINS,
  MAX_CAP_CREDITS,
  MAX_ORIGIN_LENGTH,
  MAX_OVERLAP_SECONDS,
} from '@nl/gateway-access';
import {
  ArrayMaxSize,
  IsArray,
  IsIn,
  IsInt,
  IsNumber,
  IsOptional,
  IsPositive,
  IsString,
  Length,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateIf,
} from 'class-validator';

const SUBSCRIPTION = /^[a-z0-9-]{1,40}$/;

export class CreateAccountBody {
  @IsString() @Length(1, 100) name: string;
  @IsIn(TIERS) tier: Tier;
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(20)
  @Matches(SUBSCRIPTION, { each: true })
  subscriptions?: string[];
  /** Credits to start with, e.g. 100 or 12.5. */
  @IsOptional()
  @Type(() => Number)
  @IsNumber({ maxDecimalPlaces: 2 })
  @IsPositive()
  @Max(10_000_000)
  credits?: number;
}

export class UpdateAccountBody {
  @IsOptional() @IsIn(TIERS) tier?: Tier;
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(20)
  @Matches(SUBSCRIPTION, { each: true })
  subscriptions?: string[];
}

export class TopUpBody {
  @Type(() => Number)
  @IsNumber({ maxDecimalPlaces: 2 })
  @IsPositive()
  @Max(10_000_000)
  credits: number;
}

/** A key's scopes: domain names (checked against the domains by the service); null or []: all. */
function ScopeList(): PropertyDecorator {
  return applyDecorators(
    IsArray(),
    ArrayMaxSize(50),
    IsString({ each: true }),
    MaxLength(40, { each: true }),
  );
}

export class CreateKeyBody {
  @IsOptional() @IsString() @Length(1, 100) name?: string;
  /** `live` (default): real data, charged; `test`: the sandbox, recorded data, free. */
  @IsOptional() @IsIn(KEY_MODES) mode?: KeyMode;
  /** When the key stops working, ISO 8601 (checked to be in the future by the service). */
  @IsOptional() @IsString() @MaxLength(40) expires_at?: string | null;
  @IsOptional() @ScopeList() scopes?: string[] | null;
}

/** A roll: how long the replaced secret keeps working, in seconds (default 24 h, at most 7 days). */
export class RollKeyBody {
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(MAX_OVERLAP_SECONDS)
  overlap_seconds?: number;
}

/** A key's expiry, replacing the one it had: ISO 8601 in the future, or null for none. */
export class ExpiryBody {
  @ValidateIf((_body, value) => value !== null) @IsString() @MaxLength(40) expires_at:
    string | null;
}

/** A key's scopes, replacing its list: domain names; null or []: every domain. */
export class ScopesBody {
  @ValidateIf((_body, value) => value !== null) @ScopeList() scopes: string[] | null;
}

/** A cap in credits: left out or null for none, else above 0, in hundredths, at most the largest cap. */
function OptionalCap(): PropertyDecorator {
  return applyDecorators(
    IsOptional(),
    Type(() => Number),
    IsNumber({ maxDecimalPlaces: 2 }),
    IsPositive(),
    Max(MAX_CAP_CREDITS),
  );
}

/**
 * A key's spend caps, replaced as a whole: credits per UTC day and month (null or left out:
 * no cap) and the percentage of a cap at which the dashboard warns (stored, not enforced).
 */
export class SpendCapsBody {
  @OptionalCap() daily_cap?: number | null;
  @OptionalCap() monthly_cap?: number | null;
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(100) alert_percent?: number | null;
}

/**
 * The origins whose web pages may call with a key, replacing its list: `["https://shop.example.nl"]`;
 * null or `[]`: any origin. Each entry is checked and normalised as an origin by the service.
 */
export class AllowedOriginsBody {
  @ValidateIf((_body, value) => value !== null)
  @IsArray()
  @ArrayMaxSize(MAX_ALLOWED_ORIGINS)
  @IsString({ each: true })
  @MaxLength(MAX_ORIGIN_LENGTH, { each: true })
  allowed_origins: string[] | null;
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
