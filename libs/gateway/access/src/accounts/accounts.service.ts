import { Injectable } from '@nestjs/common';
import { TIERS, type Tier } from '@nl/contracts-core';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { CreditsService } from '../credits/credits.service.js';
import { generateApiKey, hashApiKey, looksLikeApiKey, visiblePrefix } from '../keys/api-key.js';

export interface Account {
  readonly id: string;
  readonly name: string;
  readonly tier: Tier;
  readonly subscriptions: readonly string[];
  readonly balance: number;
  readonly createdAt: string;
}

export interface ApiKeyInfo {
  readonly id: string;
  readonly prefix: string;
  readonly name: string | null;
  readonly createdAt: string;
  readonly revokedAt: string | null;
}

/** Who a key belongs to, as the pipeline needs it (the balance lives in the ledger). */
export interface KeyOwner {
  readonly keyId: string;
  readonly accountId: string;
  readonly tier: Tier;
  readonly subscriptions: readonly string[];
}

interface AccountRow {
  id: string;
  name: string;
  tier: Tier;
  subscriptions: string[];
  balance: string;
  created_at: Date;
}

/** How long a resolved key is trusted without asking the database again (revocation in this process is immediate). */
const KEY_CACHE_MS = 5_000;

function toAccount(row: AccountRow): Account {
  return {
    id: row.id,
    name: row.name,
    tier: row.tier,
    subscriptions: row.subscriptions,
    balance: Number(row.balance),
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/** Accounts, their API keys and top-ups. Keys are stored only as SHA-256 hashes. */
@Injectable()
export class AccountsService {
  private readonly keyCache = new Map<string, { owner: KeyOwner | null; until: number }>();

  constructor(
    private readonly db: DataSource,
    private readonly credits: CreditsService,
  ) {}

  async createAccount(input: {
    name: string;
    tier: Tier;
    subscriptions?: string[];
    credits?: number;
  }): Promise<Account> {
    if (!TIERS.includes(input.tier)) throw new Error(`Unknown tier ${input.tier}`);
    const id = randomUUID();
    await this.db.query(
      'INSERT INTO gw.account (id, name, tier, subscriptions) VALUES ($1, $2, $3, $4)',
      [id, input.name, input.tier, input.subscriptions ?? []],
    );
    if (input.credits) await this.credits.topUp(id, input.credits);
    return this.getAccount(id);
  }

  async getAccount(id: string): Promise<Account> {
    const [row] = (await this.db.query('SELECT * FROM gw.account WHERE id = $1', [
      id,
    ])) as AccountRow[];
    if (!row) throw new Error(`No account ${id}`);
    return toAccount(row);
  }

  async listAccounts(): Promise<Account[]> {
    return (
      (await this.db.query('SELECT * FROM gw.account ORDER BY created_at')) as AccountRow[]
    ).map(toAccount);
  }

  async updateAccount(
    id: string,
    change: { tier?: Tier; subscriptions?: string[] },
  ): Promise<Account> {
    if (change.tier && !TIERS.includes(change.tier)) throw new Error(`Unknown tier ${change.tier}`);
    await this.db.query(
      'UPDATE gw.account SET tier = coalesce($2, tier), subscriptions = coalesce($3, subscriptions) WHERE id = $1',
      [id, change.tier ?? null, change.subscriptions ?? null],
    );
    this.keyCache.clear();
    return this.getAccount(id);
  }

  /** Creates a key; the plain key is returned here once and never stored. */
  async createKey(accountId: string, name?: string): Promise<{ key: string; info: ApiKeyInfo }> {
    await this.getAccount(accountId);
    const key = generateApiKey();
    const id = randomUUID();
    await this.db.query(
      'INSERT INTO gw.api_key (id, account_id, prefix, hash, name) VALUES ($1, $2, $3, $4, $5)',
      [id, accountId, visiblePrefix(key), hashApiKey(key), name ?? null],
    );
    const [info] = await this.listKeys(accountId).then((keys) => keys.filter((k) => k.id === id));
    return { key, info };
  }

  async listKeys(accountId: string): Promise<ApiKeyInfo[]> {
    const rows = (await this.db.query(
      'SELECT id, prefix, name, created_at, revoked_at FROM gw.api_key WHERE account_id = $1 ORDER BY created_at',
      [accountId],
    )) as {
      id: string;
      prefix: string;
      name: string | null;
      created_at: Date;
      revoked_at: Date | null;
    }[];
    return rows.map((r) => ({
      id: r.id,
      prefix: r.prefix,
      name: r.name,
      createdAt: new Date(r.created_at).toISOString(),
      revokedAt: r.revoked_at ? new Date(r.revoked_at).toISOString() : null,
    }));
  }

  async revokeKey(keyId: string): Promise<boolean> {
    const rows = (await this.db.query(
      'UPDATE gw.api_key SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL RETURNING id',
      [keyId],
    )) as unknown[];
    this.keyCache.clear();
    return (Array.isArray(rows[0]) ? rows[0] : rows).length > 0;
  }

  /** The owner of a live key, or null for an unknown or revoked one. */
  async findOwner(key: string): Promise<KeyOwner | null> {
    if (!looksLikeApiKey(key)) return null;
    const hash = hashApiKey(key);
    const cached = this.keyCache.get(hash);
    if (cached && cached.until > Date.now()) return cached.owner;
    const [row] = (await this.db.query(
      `SELECT k.id AS key_id, a.id AS account_id, a.tier, a.subscriptions
         FROM gw.api_key k JOIN gw.account a ON a.id = k.account_id
        WHERE k.hash = $1 AND k.revoked_at IS NULL`,
      [hash],
    )) as { key_id: string; account_id: string; tier: Tier; subscriptions: string[] }[];
    const owner = row
      ? {
          keyId: row.key_id,
          accountId: row.account_id,
          tier: row.tier,
          subscriptions: row.subscriptions,
        }
      : null;
    if (this.keyCache.size > 10_000) this.keyCache.clear();
    this.keyCache.set(hash, { owner, until: Date.now() + KEY_CACHE_MS });
    return owner;
  }

  async balance(accountId: string): Promise<number> {
    return (await this.getAccount(accountId)).balance;
  }

  /** Calls and credits charged per endpoint per day over the last `days` days. */
  async usage(
    accountId: string,
    days = 30,
  ): Promise<{ day: string; endpoint: string; calls: number; credits: number }[]> {
    const rows = (await this.db.query(
      `SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, endpoint, count(*)::int AS calls, sum(charged)::bigint AS charged
         FROM gw.credit_ledger
        WHERE account_id = $1 AND kind = 'settle' AND created_at >= now() - make_interval(days => $2)
        GROUP BY 1, 2 ORDER BY 1 DESC, 2`,
      [accountId, days],
    )) as { day: string; endpoint: string; calls: number; charged: string }[];
    return rows.map((r) => ({
      day: r.day,
      endpoint: r.endpoint,
      calls: r.calls,
      credits: Number(r.charged) / 100,
    }));
  }
}
