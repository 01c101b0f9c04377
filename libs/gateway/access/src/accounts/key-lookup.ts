import type { DataSource } from 'typeorm';
import { ApiKeyEntity } from '../persistence/entities/index.js';
import { toKeyInfo, type ApiKeyInfo } from './api-key-info.js';

/** Renames a key of this account (the dashboard); false when the account has no such key. */
export async function renameKey(
  db: DataSource,
  accountId: string,
  keyId: string,
  name: string | null,
): Promise<boolean> {
  const result = await db.getRepository(ApiKeyEntity).update({ id: keyId, accountId }, { name });
  return (result.affected ?? 0) > 0;
}

/**
 * Support: the keys whose visible prefix (`nlk_live_` and 6 characters) matches what a
 * customer reads out: that prefix, or the whole key. At most 20, with their account ids.
 */
export async function findKeysByPrefix(
  db: DataSource,
  given: string,
): Promise<(ApiKeyInfo & { accountId: string })[]> {
  const start = given.replace(/(…|\.\.\.)$/, '').slice(0, 15);
  const rows = await db
    .getRepository(ApiKeyEntity)
    .createQueryBuilder('k')
    .where("replace(k.prefix, '…', '') = :start", { start })
    .orderBy('k.created_at', 'ASC')
    .limit(20)
    .getMany();
  return rows.map((r) => ({ ...toKeyInfo(r), accountId: r.accountId }));
}
