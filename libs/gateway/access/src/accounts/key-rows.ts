import { isUUID } from 'class-validator';
import { randomUUID } from 'node:crypto';
import { In, type Repository } from 'typeorm';
import type { ApiKeyEntity } from '../entities/api-key.entity.js';
import { normaliseOrigins } from '../keys/allowed-origins.js';
import { generateApiKey, hashApiKey, visiblePrefix, type KeyMode } from '../keys/api-key.js';
import { toKeyInfo, type ApiKeyInfo } from './api-key-info.js';
import { storedCaps, type SpendCaps } from './key-caps.js';

/**
 * Writes new keys of an account in one statement, all of them or, if it fails, none; each
 * plain key is returned here once and never stored (only its hash).
 */
export async function insertKeys(
  keyRows: Repository<ApiKeyEntity>,
  accountId: string,
  specs: readonly { name?: string; mode: KeyMode }[],
): Promise<{ key: string; info: ApiKeyInfo }[]> {
  const made = specs.map(({ name, mode }) => ({
    key: generateApiKey(mode),
    id: randomUUID(),
    name,
  }));
  await keyRows.insert(
    made.map(({ key, id, name }) => ({
      id,
      accountId,
      prefix: visiblePrefix(key),
      hash: hashApiKey(key),
      name: name ?? null,
    })),
  );
  const rows = new Map(
    (await keyRows.findBy({ id: In(made.map((m) => m.id)) })).map((row) => [row.id, row]),
  );
  return made.map(({ key, id }) => {
    const row = rows.get(id);
    if (!row) throw new Error(`key ${id} was not written`);
    return { key, info: toKeyInfo(row) };
  });
}

/**
 * Writes a key's spend caps, if the key is `accountId`'s: its row as it is now, else null.
 * Throws `validation_failed` for a bad cap.
 */
export async function writeSpendCaps(
  keyRows: Repository<ApiKeyEntity>,
  accountId: string,
  keyId: string,
  caps: SpendCaps,
): Promise<ApiKeyEntity | null> {
  const stored = storedCaps(caps);
  if (!isUUID(accountId) || !isUUID(keyId)) return null;
  const result = await keyRows.update(
    { id: keyId, accountId },
    {
      dailyCap: stored.dailyCap === null ? null : String(stored.dailyCap),
      monthlyCap: stored.monthlyCap === null ? null : String(stored.monthlyCap),
      capAlertPercent: stored.alertPercent,
    },
  );
  return result.affected ? keyRows.findOneByOrFail({ id: keyId }) : null;
}

/**
 * Writes a key's allowed origins, if the key is `accountId`'s: its row as it is now, else null.
 * Throws `validation_failed` for an entry that is not an origin or a list that is too long.
 */
export async function writeAllowedOrigins(
  keyRows: Repository<ApiKeyEntity>,
  accountId: string,
  keyId: string,
  origins: readonly string[] | null,
): Promise<ApiKeyEntity | null> {
  const allowedOrigins = normaliseOrigins(origins);
  if (!isUUID(accountId) || !isUUID(keyId)) return null;
  const result = await keyRows.update({ id: keyId, accountId }, { allowedOrigins });
  return result.affected ? keyRows.findOneByOrFail({ id: keyId }) : null;
}
