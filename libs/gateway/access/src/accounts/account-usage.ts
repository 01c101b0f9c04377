import { toCredits } from '@nl/contracts-core';
import type { DataSource } from 'typeorm';
import type { AccountCredits } from './account-credits.js';

/** One row of an account's usage: an endpoint's calls and credits charged on one UTC day. */
export interface UsageRow {
  readonly day: string;
  readonly endpoint: string;
  readonly calls: number;
  readonly credits: number;
}

/**
 * Calls and credits charged per endpoint per UTC day, today and the `days - 1` days before,
 * from the rollup the settlements maintain: bounded by days × endpoints, not by history. Waits
 * for the charges closed so far to be in it (the embedded profile writes them behind).
 */
export async function usageOf(
  db: DataSource,
  credits: AccountCredits,
  accountId: string,
  days: number,
): Promise<UsageRow[]> {
  await credits.written();
  const rows = (await db.query(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day, endpoint, calls::int AS calls, charged
       FROM gw.usage_daily
      WHERE account_id = $1 AND day > (now() AT TIME ZONE 'UTC')::date - $2::int
      ORDER BY day DESC, endpoint`,
    [accountId, days],
  )) as { day: string; endpoint: string; calls: number; charged: string }[];
  return rows.map((r) => ({
    day: r.day,
    endpoint: r.endpoint,
    calls: r.calls,
    credits: toCredits(Number(r.charged)),
  }));
}
