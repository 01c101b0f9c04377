import type { Tier } from '@nl/contracts-core';
import type { AccountEntity } from '../entities/account.entity.js';

/** An account as the gateway works with it; `balance` in hundredths of a credit, as kept. */
export interface Account {
  readonly id: string;
  readonly name: string;
  readonly tier: Tier;
  readonly subscriptions: readonly string[];
  readonly balance: number;
  readonly createdAt: string;
}

export function toAccount(row: AccountEntity): Account {
  return {
    id: row.id,
    name: row.name,
    tier: row.tier,
    subscriptions: row.subscriptions,
    balance: Number(row.balance),
    createdAt: row.createdAt.toISOString(),
  };
}
