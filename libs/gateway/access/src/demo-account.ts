import type { INestApplication } from '@nestjs/common';
import { AccountsService } from './accounts/accounts.service.js';

export const DEMO_CREDITS = 100_00;

/**
 * On the first start of a fresh standalone database: a Trial account with 100 credits and one
 * key, returned so it can be printed once. Null when any account exists already.
 */
export async function ensureDemoAccount(
  app: INestApplication,
): Promise<{ key: string; accountId: string } | null> {
  const accounts = app.get(AccountsService);
  if ((await accounts.listAccounts()).length > 0) return null;
  const account = await accounts.createAccount({
    name: 'Demo',
    tier: 'trial',
    credits: DEMO_CREDITS,
  });
  const { key } = await accounts.createKey(account.id, 'demo');
  return { key, accountId: account.id };
}
