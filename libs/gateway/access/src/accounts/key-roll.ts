import { isUUID } from 'class-validator';
import type { DataSource } from 'typeorm';
import { ApiKeyEntity } from '../entities/api-key.entity.js';
import { generateApiKey, hashApiKey, keyModeOf, visiblePrefix } from '../keys/api-key.js';

/** A roll done: the new secret (shown once), the row as it is now, and the hashes it ended or changed. */
export interface RolledKey {
  readonly key: string;
  readonly row: ApiKeyEntity;
  readonly changedHashes: readonly string[];
}

/**
 * Rolls an active key of `accountId`: a new secret of the same mode takes the key's row (so its
 * id, name, caps, spend, usage, origins, scopes and expiry stay), and the secret it replaces
 * keeps working for `overlapSeconds` (0: not at all), until then by the database's clock. A
 * secret an earlier roll replaced ends at once: a key has at most two working secrets. Null
 * when the account has no such active key. The row is locked, so two rolls take turns.
 */
export async function rollKeyRow(
  db: DataSource,
  accountId: string,
  keyId: string,
  overlapSeconds: number,
): Promise<RolledKey | null> {
  if (!isUUID(accountId) || !isUUID(keyId)) return null;
  return db.transaction(async (tx) => {
    const [old] = (await tx.query(
      `SELECT hash, prefix, previous_hash FROM gw.api_key
        WHERE id = $1 AND account_id = $2 AND revoked_at IS NULL FOR UPDATE`,
      [keyId, accountId],
    )) as { hash: string; prefix: string; previous_hash: string | null }[];
    if (!old) return null;
    const key = generateApiKey(keyModeOf(old.prefix) ?? 'live');
    const keep = overlapSeconds > 0;
    await tx.query(
      `UPDATE gw.api_key
          SET hash = $2, prefix = $3, previous_hash = $4, previous_prefix = $5,
              previous_until = CASE WHEN $4::text IS NULL THEN NULL
                                    ELSE now() + $6::int * interval '1 second' END
        WHERE id = $1`,
      [
        keyId,
        hashApiKey(key),
        visiblePrefix(key),
        keep ? old.hash : null,
        keep ? old.prefix : null,
        overlapSeconds,
      ],
    );
    const row = await tx.getRepository(ApiKeyEntity).findOneByOrFail({ id: keyId });
    const changedHashes = [old.hash, ...(old.previous_hash ? [old.previous_hash] : [])];
    return { key, row, changedHashes };
  });
}
