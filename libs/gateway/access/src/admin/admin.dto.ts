import { TIERS, type Tier } from '@nl/contracts-core';
import { Type } from 'class-transformer';
import { KEY_MODES, type KeyMode } from '../keys/api-key.js';
import {
  ArrayMaxSize,
  IsArray,
  IsIn,
  IsNumber,
  IsOptional,
  IsPositive,
  IsString,
  Length,
  Matches,
  Max,
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

export class CreateKeyBody {
  @IsOptional() @IsString() @Length(1, 100) name?: string;
  /** `live` (default): real data, charged; `test`: the sandbox, recorded data, free. */
  @IsOptional() @IsIn(KEY_MODES) mode?: KeyMode;
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
