import { isUUID } from 'class-validator';
import type { DataSource } from 'typeorm';
import { keyModeOf } from '../keys/api-key.js';

/**
 * What revoking one of an account's keys came to: `last_live_key` when it is the account's
 * only live key still active, which the customer needs to sign in to the dashboard and to make
 * another key (test keys cannot sign in).
 */
export type AccountKeyRevocation =
  | { readonly outcome: 'revoked'; readonly hashes: readonly string[] }
  | { readonly outcome: 'not_found' }
  | { readonly outcome: 'last_live_key' };

/**
 * Revokes a key of this account unless that would leave the account without an active live
 * key. The account row is locked first, so two revocations of an account's last two live keys
 * (two tabs, two sessions) take turns: the second sees the first's and is refused.
 */
export async function revokeAccountKeyRow(
  db: DataSource,
  accountId: string,
  keyId: string,
): Promise<AccountKeyRevocation> {
  if (!isUUID(accountId) || !isUUID(keyId)) return { outcome: 'not_found' };
  return db.transaction(async (tx) => {
    await tx.query('SELECT 1 FROM gw.account WHERE id = $1 FOR UPDATE', [accountId]);
    const active = (await tx.query(
      `SELECT id, prefix, hash, previous_hash FROM gw.api_key
        WHERE account_id = $1 AND revoked_at IS NULL`,
      [accountId],
    )) as { id: string; prefix: string; hash: string; previous_hash: string | null }[];
    const key = active.find((k) => k.id === keyId);
    if (!key) return { outcome: 'not_found' } as const;
    const live = (k: { prefix: string }) => keyModeOf(k.prefix) === 'live';
    if (live(key) && !active.some((k) => k.id !== keyId && live(k)))
      return { outcome: 'last_live_key' } as const;
    await tx.query('UPDATE gw.api_key SET revoked_at = now() WHERE id = $1', [keyId]);
    const hashes = [key.hash, ...(key.previous_hash ? [key.previous_hash] : [])];
    return { outcome: 'revoked', hashes } as const;
  });
}

/** Whether `keyId` is the only active live key among `keys` (the dashboard's own check). */
export function isLastLiveKey(
  keys: readonly { id: string; mode: string; revokedAt: string | null }[],
  keyId: string,
): boolean {
  const live = keys.filter((k) => k.mode === 'live' && k.revokedAt === null);
  return live.length === 1 && live[0].id === keyId;
}
