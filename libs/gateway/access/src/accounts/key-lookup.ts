import { toCredits } from '@nl/contracts-core';
import { isUUID } from 'class-validator';
import type { DataSource } from 'typeorm';
import type { AccountCredits } from './account-credits.js';
import { spentThisMonth, spentToday } from '../keys/key-spend.sql.js';
import { ApiKeyEntity } from '../entities/api-key.entity.js';
import { toKeyInfo, type ApiKeyInfo } from './api-key-info.js';
import type { KeySpend } from './key-caps.js';

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
 * customer reads out: that prefix, or the whole key; also a rolled key's by the prefix of the
 * secret it replaced, while that still works. At most 20, with their account ids.
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
    .orWhere("replace(k.previous_prefix, '…', '') = :start AND k.previous_until > now()", {
      start,
    })
    .orderBy('k.created_at', 'ASC')
    .limit(20)
    .getMany();
  return rows.map((r) => ({ ...toKeyInfo(r), accountId: r.accountId }));
}

/**
 * What each key has spent in credits (held + settled) today and this month, UTC, by key id;
 * ids of no key are left out. The row's counters, or the live ones where the credits keep
 * them in memory (embedded profile: the row has the settled part only).
 */
export async function spendOfKeys(
  db: DataSource,
  credits: AccountCredits,
  keyIds: string[],
): Promise<Record<string, KeySpend>> {
  const ids = keyIds.filter((id) => isUUID(id));
  if (ids.length === 0) return {};
  const rows = (await db.query(
    `SELECT k.id, ${spentToday('k')} AS today, ${spentThisMonth('k')} AS month
       FROM gw.api_key k WHERE k.id = ANY($1::uuid[])`,
    [ids],
  )) as { id: string; today: string; month: string }[];
  return Object.fromEntries(
    rows.map((r) => {
      const spent = credits.liveSpend(r.id) ?? { today: +r.today, month: +r.month };
      return [r.id, { today: toCredits(spent.today), month: toCredits(spent.month) }];
    }),
  );
}
