import { Injectable, Optional, type OnApplicationShutdown } from '@nestjs/common';
import { TIERS, toCredits, type Tier } from '@nl/contracts-core';
import { isUUID } from 'class-validator';
import { randomUUID } from 'node:crypto';
import { DataSource, IsNull, type Repository } from 'typeorm';
import { CreditsService } from '../credits/credits.service.js';
import {
  generateApiKey,
  hashApiKey,
  keyModeOf,
  looksLikeApiKey,
  visiblePrefix,
  type KeyMode,
} from '../keys/api-key.js';
import { ALL_KEYS, KeyRevocations } from '../keys/key-revocations.js';
import { KeyUseTracker } from '../keys/key-use.js';
import { AccountEntity, ApiKeyEntity } from '../persistence/entities/index.js';
import { X402_ACCOUNT_ID } from '../persistence/migrations/1764300000000-x402.js';
import { toKeyInfo, type ApiKeyInfo } from './api-key-info.js';
import { spendOfKeys } from './key-lookup.js';
import { storedCaps, type KeySpend, type SpendCaps } from './key-caps.js';

export type { ApiKeyInfo } from './api-key-info.js';

export interface Account {
  readonly id: string;
  readonly name: string;
  readonly tier: Tier;
  readonly subscriptions: readonly string[];
  readonly balance: number;
  readonly createdAt: string;
}

/** Who a key belongs to, as the pipeline needs it (the balance lives in the ledger). */
export interface KeyOwner {
  readonly keyId: string;
  readonly accountId: string;
  readonly tier: Tier;
  readonly subscriptions: readonly string[];
  /** A test key: the call is answered from recorded data and never charged. */
  readonly sandbox: boolean;
  /** An x402 payer (lower-case address) instead of a key: paid per request, not from credits. */
  readonly payer?: string;
  /** The key has a spend cap: its reservations are checked and counted against it. */
  readonly capped?: boolean;
}

/**
 * How long a resolved key is trusted without asking the database again. Revocations reach
 * every replica at once through {@link KeyRevocations}; this bounds a missed message.
 */
const KEY_CACHE_MS = 5_000;

function toAccount(row: AccountEntity): Account {
  return {
    id: row.id,
    name: row.name,
    tier: row.tier,
    subscriptions: row.subscriptions,
    balance: Number(row.balance),
    createdAt: row.createdAt.toISOString(),
  };
}

/** Accounts, their API keys and top-ups. Keys are stored only as SHA-256 hashes. */
@Injectable()
export class AccountsService implements OnApplicationShutdown {
  private readonly keyUse: KeyUseTracker;
  private readonly keyCache = new Map<string, { owner: KeyOwner | null; until: number }>();
  private readonly accountRows: Repository<AccountEntity>;
  private readonly keyRows: Repository<ApiKeyEntity>;

  constructor(
    private readonly db: DataSource,
    private readonly credits: CreditsService,
    @Optional() private readonly revocations?: KeyRevocations,
  ) {
    this.accountRows = db.getRepository(AccountEntity);
    this.keyRows = db.getRepository(ApiKeyEntity);
    this.keyUse = new KeyUseTracker(db);
    revocations?.onChange((change) =>
      change === ALL_KEYS ? this.keyCache.clear() : this.keyCache.delete(change),
    );
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
    return (await this.listAccounts()).some((account) => account.id !== X402_ACCOUNT_ID);
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
    this.keyCache.clear();
    await this.revocations?.publish(ALL_KEYS);
    return this.getAccount(id);
  }

  /** Creates a live or test key; the plain key is returned here once and never stored. */
  async createKey(
    accountId: string,
    name?: string,
    mode: KeyMode = 'live',
  ): Promise<{ key: string; info: ApiKeyInfo }> {
    await this.getAccount(accountId);
    const key = generateApiKey(mode);
    const id = randomUUID();
    await this.keyRows.insert({
      id,
      accountId,
      prefix: visiblePrefix(key),
      hash: hashApiKey(key),
      name: name ?? null,
    });
    return { key, info: toKeyInfo(await this.keyRows.findOneByOrFail({ id })) };
  }

  async listKeys(accountId: string): Promise<ApiKeyInfo[]> {
    return (
      await this.keyRows.find({ where: { accountId }, order: { createdAt: 'ASC', id: 'ASC' } })
    ).map(toKeyInfo);
  }

  /** Revokes a live key of this account only (the dashboard); false for any other id. */
  async revokeAccountKey(accountId: string, keyId: string): Promise<boolean> {
    const key = await this.keyRows.findOneBy({ id: keyId, accountId });
    return key ? this.revokeKey(key.id) : false;
  }

  async onApplicationShutdown(): Promise<void> {
    this.keyUse.stop();
    await this.keyUse.flush();
  }

  async revokeKey(keyId: string): Promise<boolean> {
    const result = await this.keyRows.update(
      { id: keyId, revokedAt: IsNull() },
      { revokedAt: () => 'now()' },
    );
    const revoked = (result.affected ?? 0) > 0;
    if (revoked) {
      const { hash } = await this.keyRows.findOneByOrFail({ id: keyId });
      this.keyCache.delete(hash);
      await this.revocations?.publish(hash);
    }
    return revoked;
  }

  /**
   * Sets a key's daily and monthly spend caps (credits, null for none) and the alert threshold,
   * replacing the ones it had. Scoped by account: null when the key is not one of `accountId`'s,
   * so one account can never change another's key. Throws `validation_failed` for a bad cap.
   */
  async setSpendCaps(
    accountId: string,
    keyId: string,
    caps: SpendCaps,
  ): Promise<ApiKeyInfo | null> {
    const stored = storedCaps(caps);
    if (!isUUID(accountId) || !isUUID(keyId)) return null;
    const result = await this.keyRows.update(
      { id: keyId, accountId },
      {
        dailyCap: stored.dailyCap === null ? null : String(stored.dailyCap),
        monthlyCap: stored.monthlyCap === null ? null : String(stored.monthlyCap),
        capAlertPercent: stored.alertPercent,
      },
    );
    if (!result.affected) return null;
    const row = await this.keyRows.findOneByOrFail({ id: keyId });
    this.credits.capsChanged(keyId);
    // Every replica reads the key again, so its next call is checked against the new caps.
    this.keyCache.delete(row.hash);
    await this.revocations?.publish(row.hash);
    return toKeyInfo(row);
  }

  /**
   * What each key has spent in credits (held + settled) today and this month, UTC, by key id;
   * ids of no key are left out. Spend is counted while a key has a cap, so a key that never
   * had one shows 0. Pass ids from {@link listKeys} of the caller's account.
   */
  spendOf(keyIds: string[]): Promise<Record<string, KeySpend>> {
    return spendOfKeys(this.db, this.credits, keyIds);
  }

  /** The owner of a key (live or test), or null for an unknown or revoked one. */
  async findOwner(key: string): Promise<KeyOwner | null> {
    if (!looksLikeApiKey(key)) return null;
    const hash = hashApiKey(key);
    const cached = this.keyCache.get(hash);
    if (cached && cached.until > Date.now()) {
      if (cached.owner) this.keyUse.touch(cached.owner.keyId);
      return cached.owner;
    }
    const [row] = (await this.db.query(
      `SELECT k.id AS key_id, a.id AS account_id, a.tier, a.subscriptions,
              (k.daily_cap IS NOT NULL OR k.monthly_cap IS NOT NULL) AS capped
         FROM gw.api_key k JOIN gw.account a ON a.id = k.account_id
        WHERE k.hash = $1 AND k.revoked_at IS NULL`,
      [hash],
    )) as {
      key_id: string;
      account_id: string;
      tier: Tier;
      subscriptions: string[];
      capped: boolean;
    }[];
    const owner = row
      ? {
          keyId: row.key_id,
          accountId: row.account_id,
          tier: row.tier,
          subscriptions: row.subscriptions,
          sandbox: keyModeOf(key) === 'test',
          capped: row.capped,
        }
      : null;
    if (this.keyCache.size > 10_000) this.keyCache.clear();
    this.keyCache.set(hash, { owner, until: Date.now() + KEY_CACHE_MS });
    if (owner) this.keyUse.touch(owner.keyId);
    return owner;
  }

  async balance(accountId: string): Promise<number> {
    return (await this.getAccount(accountId)).balance;
  }

  /**
   * Calls and credits charged per endpoint per UTC day, today and the `days - 1` days before,
   * from the rollup the settlements maintain: bounded by days × endpoints, not by history.
   */
  async usage(
    accountId: string,
    days = 30,
  ): Promise<{ day: string; endpoint: string; calls: number; credits: number }[]> {
    const rows = (await this.db.query(
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
}
