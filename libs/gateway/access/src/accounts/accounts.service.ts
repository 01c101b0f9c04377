import { Injectable, Optional, type OnApplicationShutdown } from '@nestjs/common';
import { TIERS, type Tier } from '@nl/contracts-core';
import { X402_ACCOUNT_ID } from '@nl/gateway-persistence';
import { randomUUID } from 'node:crypto';
import { DataSource, Not, type Repository } from 'typeorm';
import { AccountEntity } from '../entities/account.entity.js';
import type { KeyMode } from '../keys/api-key.js';
import { ALL_KEYS, KeyRevocations } from '../keys/key-revocations.js';
import { KeyUseTracker } from '../keys/key-use.js';
import { toAccount, type Account } from './account.js';
import { AccountCredits } from './account-credits.js';
import { usageOf, type UsageRow } from './account-usage.js';
import { toKeyInfo, type ApiKeyInfo } from './api-key-info.js';
import type { KeySpend } from './key-caps.js';
import { KeyChanges } from './key-changes.js';
import { spendOfKeys } from './key-lookup.js';
import { KeyOwners, type KeyOwner } from './key-owners.js';
import { insertKeys, type KeySpec } from './key-rows.js';

export type { Account } from './account.js';
export type { ApiKeyInfo } from './api-key-info.js';
export type { KeyOwner } from './key-owners.js';

/** Accounts, their API keys and top-ups. Keys are stored only as SHA-256 hashes. */
@Injectable()
export class AccountsService extends KeyChanges implements OnApplicationShutdown {
  private readonly keyUse: KeyUseTracker;
  private readonly accountRows: Repository<AccountEntity>;

  constructor(db: DataSource, credits: AccountCredits, @Optional() revocations?: KeyRevocations) {
    const keyUse = new KeyUseTracker(db);
    super(db, credits, new KeyOwners(db, keyUse), revocations);
    this.keyUse = keyUse;
    this.accountRows = db.getRepository(AccountEntity);
    revocations?.onChange((change) => this.owners.forget(change));
  }

  async createAccount(input: {
    name: string;
    tier: Tier;
    subscriptions?: string[];
    credits?: number;
  }): Promise<Account> {
    if (!TIERS.includes(input.tier)) throw new Error(`Unknown tier ${input.tier}`);
    const id = randomUUID();
    await this.accountRows.insert({
      id,
      name: input.name,
      tier: input.tier,
      subscriptions: input.subscriptions ?? [],
    });
    if (input.credits) await this.credits.topUp(id, input.credits);
    return this.getAccount(id);
  }

  async getAccount(id: string): Promise<Account> {
    const account = await this.findAccount(id);
    if (!account) throw new Error(`No account ${id}`);
    return account;
  }

  /** The account, or null when there is none with that id (a database failure still throws). */
  async findAccount(id: string): Promise<Account | null> {
    const row = await this.accountRows.findOneBy({ id });
    return row ? this.live(toAccount(row)) : null;
  }

  async listAccounts(): Promise<Account[]> {
    const rows = await this.accountRows.find({ order: { createdAt: 'ASC', id: 'ASC' } });
    return rows.map((row) => this.live(toAccount(row)));
  }

  /**
   * Whether anyone has an account: any account but the x402 system account, which a migration
   * makes on every database. A fresh install has none (the demo account, the bootstrap Job).
   */
  async hasAccounts(): Promise<boolean> {
    return this.accountRows.exists({ where: { id: Not(X402_ACCOUNT_ID) } });
  }

  /** The first `limit` accounts (oldest first) besides the x402 system account. */
  async firstAccounts(limit: number): Promise<Account[]> {
    const rows = await this.accountRows.find({
      where: { id: Not(X402_ACCOUNT_ID) },
      order: { createdAt: 'ASC', id: 'ASC' },
      take: limit,
    });
    return rows.map((row) => this.live(toAccount(row)));
  }

  /** With the balance the credits keep in memory where they do (embedded profile). */
  private live(account: Account): Account {
    return { ...account, balance: this.credits.liveBalance(account.id) ?? account.balance };
  }

  async updateAccount(
    id: string,
    change: { tier?: Tier; subscriptions?: string[] },
  ): Promise<Account> {
    if (change.tier && !TIERS.includes(change.tier)) throw new Error(`Unknown tier ${change.tier}`);
    const set = {
      ...(change.tier && { tier: change.tier }),
      ...(change.subscriptions && { subscriptions: change.subscriptions }),
    };
    if (Object.keys(set).length > 0) await this.accountRows.update({ id }, set);
    await this.changed(ALL_KEYS);
    return this.getAccount(id);
  }

  /**
   * Creates a live or test key, optionally with an expiry and scopes (checked with
   * `expiryOf`/`scopesOf`); the plain key is returned here once and never stored.
   */
  async createKey(
    accountId: string,
    name?: string,
    mode: KeyMode = 'live',
    terms: Pick<KeySpec, 'expiresAt' | 'scopes'> = {},
  ): Promise<{ key: string; info: ApiKeyInfo }> {
    const [created] = await this.createKeys(accountId, [{ name, mode, ...terms }]);
    return created;
  }

  /** Creates several keys in one statement: all of them or, if it fails, none. */
  async createKeys(
    accountId: string,
    specs: readonly KeySpec[],
  ): Promise<{ key: string; info: ApiKeyInfo }[]> {
    await this.getAccount(accountId);
    return insertKeys(this.keyRows, accountId, specs);
  }

  /** Whether the account has any key, revoked ones included. */
  async hasKeys(accountId: string): Promise<boolean> {
    return this.keyRows.exists({ where: { accountId } });
  }

  async listKeys(accountId: string): Promise<ApiKeyInfo[]> {
    return (
      await this.keyRows.find({ where: { accountId }, order: { createdAt: 'ASC', id: 'ASC' } })
    ).map(toKeyInfo);
  }

  async onApplicationShutdown(): Promise<void> {
    this.keyUse.stop();
    await this.keyUse.flush();
  }

  /**
   * What each key has spent in credits (held + settled) today and this month, UTC, by key id;
   * ids of no key are left out. Spend is counted while a key has a cap, so a key that never
   * had one shows 0. Pass ids from {@link listKeys} of the caller's account.
   */
  spendOf(keyIds: string[]): Promise<Record<string, KeySpend>> {
    return spendOfKeys(this.db, this.credits, keyIds);
  }

  /**
   * The owner of a key (live or test), or null for an unknown or revoked one; without waiting
   * when the key was looked up a moment ago (KeyOwners).
   */
  findOwner(key: string): KeyOwner | null | Promise<KeyOwner | null> {
    return this.owners.find(key);
  }

  async balance(accountId: string): Promise<number> {
    return (await this.getAccount(accountId)).balance;
  }

  /** Calls and credits per endpoint per UTC day of the last `days` days (usageOf). */
  usage(accountId: string, days = 30): Promise<UsageRow[]> {
    return usageOf(this.db, this.credits, accountId, days);
  }
}
