import { isUUID } from 'class-validator';
import { randomUUID } from 'node:crypto';
import { In, type QueryDeepPartialEntity, type Repository } from 'typeorm';
import type { ApiKeyEntity } from '../entities/api-key.entity.js';
import { normaliseOrigins } from '../keys/allowed-origins.js';
import { generateApiKey, hashApiKey, visiblePrefix, type KeyMode } from '../keys/api-key.js';
import { toKeyInfo, type ApiKeyInfo } from './api-key-info.js';
import { storedCaps, type SpendCaps } from './key-caps.js';

/** A key to make: its name, mode, and optionally its expiry and scopes (checked already). */
export interface KeySpec {
  readonly name?: string;
  readonly mode: KeyMode;
  readonly expiresAt?: Date | null;
  readonly scopes?: readonly string[] | null;
}

/**
 * Writes new keys of an account in one statement, all of them or, if it fails, none; each
 * plain key is returned here once and never stored (only its hash).
 */
export async function insertKeys(
  keyRows: Repository<ApiKeyEntity>,
  accountId: string,
  specs: readonly KeySpec[],
): Promise<{ key: string; info: ApiKeyInfo }[]> {
  const made = specs.map((spec) => ({ ...spec, key: generateApiKey(spec.mode), id: randomUUID() }));
  await keyRows.insert(
    made.map(({ key, id, name, expiresAt, scopes }) => ({
      id,
      accountId,
      prefix: visiblePrefix(key),
      hash: hashApiKey(key),
      name: name ?? null,
      expiresAt: expiresAt ?? null,
      scopes: scopes ? [...scopes] : null,
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
  return writeKeyColumns(keyRows, accountId, keyId, {
    dailyCap: stored.dailyCap === null ? null : String(stored.dailyCap),
    monthlyCap: stored.monthlyCap === null ? null : String(stored.monthlyCap),
    capAlertPercent: stored.alertPercent,
  });
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
  return writeKeyColumns(keyRows, accountId, keyId, {
    allowedOrigins: normaliseOrigins(origins),
  });
}

/**
 * Writes columns of a key, if the key is `accountId`'s (checked values): its row as it is now,
 * else null.
 */
export async function writeKeyColumns(
  keyRows: Repository<ApiKeyEntity>,
  accountId: string,
  keyId: string,
  set: QueryDeepPartialEntity<ApiKeyEntity>,
): Promise<ApiKeyEntity | null> {
  if (!isUUID(accountId) || !isUUID(keyId)) return null;
  const result = await keyRows.update({ id: keyId, accountId }, set);
  return result.affected ? keyRows.findOneByOrFail({ id: keyId }) : null;
}
