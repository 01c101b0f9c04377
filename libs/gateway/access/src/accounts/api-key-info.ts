import { keyModeOf, type KeyMode } from '../keys/api-key.js';
import type { ApiKeyEntity } from '../entities/api-key.entity.js';
import { capInCredits } from './key-caps.js';

/** An API key as its account sees it: never the key itself, which is shown once at creation. */
export interface ApiKeyInfo {
  readonly id: string;
  readonly prefix: string;
  /** `live` (real data, charged) or `test` (sandbox: recorded data, free). */
  readonly mode: KeyMode;
  readonly name: string | null;
  readonly createdAt: string;
  readonly revokedAt: string | null;
  /** About when it last authenticated a call (to within 30 s), or null if never. */
  readonly lastUsedAt: string | null;
  /** Spend caps in credits (null: none), UTC day and month; the alert threshold in percent. */
  readonly dailyCap: number | null;
  readonly monthlyCap: number | null;
  readonly alertPercent: number | null;
  /** The only origins whose web pages may call with the key; null: any origin. */
  readonly allowedOrigins: string[] | null;
  /** When the key stops working (401 `key_expired`); null: never. */
  readonly expiresAt: string | null;
  /** The only domains the key may call (403 `key_scope` elsewhere); null: all. */
  readonly scopes: string[] | null;
  /** The secret a roll replaced, while it still works: its visible prefix and until when. */
  readonly previous: { readonly prefix: string; readonly until: string } | null;
}

export function toKeyInfo(row: ApiKeyEntity): ApiKeyInfo {
  const now = Date.now();
  const previousWorks =
    row.previousPrefix && row.previousUntil && row.previousUntil.getTime() > now;
  return {
    id: row.id,
    prefix: row.prefix,
    mode: keyModeOf(row.prefix) ?? 'live',
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    revokedAt: row.revokedAt ? row.revokedAt.toISOString() : null,
    lastUsedAt: row.lastUsedAt ? row.lastUsedAt.toISOString() : null,
    dailyCap: capInCredits(row.dailyCap),
    monthlyCap: capInCredits(row.monthlyCap),
    alertPercent: row.capAlertPercent,
    allowedOrigins: row.allowedOrigins,
    expiresAt: row.expiresAt ? row.expiresAt.toISOString() : null,
    scopes: row.scopes,
    previous: previousWorks
      ? { prefix: row.previousPrefix as string, until: (row.previousUntil as Date).toISOString() }
      : null,
  };
}
