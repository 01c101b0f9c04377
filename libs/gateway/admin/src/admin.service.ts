import { Injectable } from '@nestjs/common';
import { toCredits, toHundredths } from '@nl/contracts-core';
import { DataSource } from 'typeorm';
import {
  type Account,
  AccountsService,
  type ApiKeyInfo,
  expiryOf,
  normaliseOrigins,
  scopesOf,
} from '@nl/gateway-access';
import { CreditsService } from '@nl/gateway-ledger';
import { X402_ACCOUNT_ID } from '@nl/gateway-persistence';
import {
  UUID,
  type AllowedOriginsBody,
  type CreateAccountBody,
  type CreateKeyBody,
  type SpendCapsBody,
  type UpdateAccountBody,
} from './admin.dto.js';

/** An account as the admin API and CLI answer it: the balance in credits, as `/v1/account`. */
export type AdminAccount = Omit<Account, 'balance'> & { readonly balance: number };

const inCredits = (account: Account): AdminAccount => ({
  ...account,
  balance: toCredits(account.balance),
});

/**
 * Account administration, shared by the `/admin` HTTP API and the `npm run admin` CLI: both
 * validate their input into the same DTOs and call these. Every amount, in and out, is in
 * credits (a number with up to two decimals, as `/v1/account` answers), never in the
 * hundredths the database keeps.
 */
@Injectable()
export class AdminService {
  constructor(
    private readonly accounts: AccountsService,
    private readonly credits: CreditsService,
    private readonly db: DataSource,
  ) {}

  async listAccounts(): Promise<AdminAccount[]> {
    return (await this.accounts.listAccounts()).map(inCredits);
  }

  /** The account, or null for an id that is no UUID or names no account. */
  async findAccount(id: string): Promise<Account | null> {
    return UUID.test(id) ? this.accounts.findAccount(id) : null;
  }

  async createAccount(input: CreateAccountBody): Promise<AdminAccount> {
    const account = await this.accounts.createAccount({
      ...input,
      credits: input.credits ? toHundredths(input.credits) : undefined,
    });
    return inCredits(account);
  }

  /** The account with its keys and the usage of the last 30 days. */
  async details(account: Account) {
    return {
      ...inCredits(account),
      keys: await this.accounts.listKeys(account.id),
      usage: await this.accounts.usage(account.id, 30),
    };
  }

  async updateAccount(id: string, change: UpdateAccountBody): Promise<AdminAccount> {
    return inCredits(await this.accounts.updateAccount(id, change));
  }

  /** Adds credits; answers the new balance in credits. */
  async addCredits(id: string, credits: number): Promise<number> {
    return toCredits(await this.credits.topUp(id, toHundredths(credits)));
  }

  /**
   * The first account of a fresh install and its live key, for the operator's first way in
   * (the Kubernetes bootstrap Job); null, and nothing done, once any account exists.
   */
  async bootstrap(input: CreateAccountBody) {
    if (await this.accounts.hasAccounts()) return null;
    const account = await this.createAccount(input);
    const { key, info } = await this.accounts.createKey(account.id, 'bootstrap', 'live');
    return { account, key, info };
  }

  /** A new key, with its expiry and scopes if given (a bad one is a 400, nothing made). */
  createKey(accountId: string, body: CreateKeyBody) {
    const terms = { expiresAt: expiryOf(body.expires_at), scopes: scopesOf(body.scopes) };
    return this.accounts.createKey(accountId, body.name, body.mode, terms);
  }

  /** Rolls an active key (AccountsService.rollKey); null when there is no active key with that id. */
  async rollKey(keyId: string, overlapSeconds: number) {
    const accountId = await this.accountOfKey(keyId);
    return accountId === null ? null : this.accounts.rollKey(accountId, keyId, overlapSeconds);
  }

  /** Replaces a key's expiry (null: none); a past or bad time is a 400 whether or not the key exists. */
  async setExpiry(keyId: string, expiresAt: unknown): Promise<ApiKeyInfo | null> {
    const at = expiryOf(expiresAt);
    const accountId = await this.accountOfKey(keyId);
    return accountId === null ? null : this.accounts.setExpiry(accountId, keyId, at);
  }

  /** Replaces a key's scopes (null or []: every domain); an unknown domain is a 400. */
  async setScopes(keyId: string, scopes: unknown): Promise<ApiKeyInfo | null> {
    const domains = scopesOf(scopes);
    const accountId = await this.accountOfKey(keyId);
    return accountId === null ? null : this.accounts.setScopes(accountId, keyId, domains);
  }

  /** The account's keys, revoked ones included: never a key itself (only its hash is kept). */
  listKeys(accountId: string): Promise<ApiKeyInfo[]> {
    return this.accounts.listKeys(accountId);
  }

  /**
   * Revenue of the last `days` UTC days (today included) by route: calls and credits charged
   * to API keys' accounts, and paid per request with x402 (the x402 system account), one report.
   */
  async revenue(days: number) {
    await this.credits.written();
    const rows = (await this.db.query(
      `SELECT (account_id = $1) AS x402, count(DISTINCT account_id)::int AS accounts,
              coalesce(sum(calls), 0)::bigint AS calls, coalesce(sum(charged), 0)::bigint AS charged
         FROM gw.usage_daily
        WHERE day > (now() AT TIME ZONE 'UTC')::date - $2::int
        GROUP BY 1`,
      [X402_ACCOUNT_ID, days],
    )) as { x402: boolean; accounts: number; calls: string; charged: string }[];
    const route = (x402: boolean) => {
      const row = rows.find((r) => r.x402 === x402);
      return {
        calls: Number(row?.calls ?? 0),
        credits: toCredits(Number(row?.charged ?? 0)),
        ...(!x402 && { accounts: row?.accounts ?? 0 }),
      };
    };
    return { days, api_keys: route(false), x402: route(true) };
  }

  /** Replaces a key's spend caps; null when there is no key with that id. */
  async setSpendCaps(keyId: string, caps: SpendCapsBody): Promise<ApiKeyInfo | null> {
    const accountId = await this.accountOfKey(keyId);
    return accountId === null
      ? null
      : this.accounts.setSpendCaps(accountId, keyId, {
          dailyCap: caps.daily_cap ?? null,
          monthlyCap: caps.monthly_cap ?? null,
          alertPercent: caps.alert_percent ?? null,
        });
  }

  /**
   * Replaces a key's allowed origins (null or empty: any); null when there is no such key.
   * A bad origin is a 400 whether or not the key exists.
   */
  async setAllowedOrigins(keyId: string, body: AllowedOriginsBody): Promise<ApiKeyInfo | null> {
    const origins = normaliseOrigins(body.allowed_origins);
    const accountId = await this.accountOfKey(keyId);
    return accountId === null ? null : this.accounts.setAllowedOrigins(accountId, keyId, origins);
  }

  /** The account a key id belongs to, or null for no key (or no UUID). */
  private async accountOfKey(keyId: string): Promise<string | null> {
    if (!UUID.test(keyId)) return null;
    const [key] = (await this.db.query('SELECT account_id FROM gw.api_key WHERE id = $1', [
      keyId,
    ])) as { account_id: string }[];
    return key?.account_id ?? null;
  }

  /** False when there is no live key with that id. */
  async revokeKey(id: string): Promise<boolean> {
    return UUID.test(id) && this.accounts.revokeKey(id);
  }
}
