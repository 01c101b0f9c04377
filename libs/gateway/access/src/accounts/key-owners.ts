import type { Tier } from '@nl/contracts-core';
import type { DataSource } from 'typeorm';
import { hashApiKey, keyModeOf, looksLikeApiKey } from '../keys/api-key.js';
import { ALL_KEYS, type KeyChange } from '../keys/key-revocations.js';
import type { KeyUseTracker } from '../keys/key-use.js';

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
  /** The only origins whose web pages may call with the key; absent: any (the default). */
  readonly allowedOrigins?: ReadonlySet<string>;
  /** When the key expires (epoch ms); absent: never. Checked at every call (key-terms.ts). */
  readonly expiresAt?: number;
  /** The only domains the key may call, in catalog order; absent: all. */
  readonly scopes?: readonly string[];
  /**
   * The key was found by the secret a roll replaced, which works until then (epoch ms): from
   * then on this lookup finds nothing, on every replica, whatever its cache holds.
   */
  readonly secretEndsAt?: number;
}

/**
 * How long a resolved key is trusted without asking the database again. Revocations and other
 * key changes reach every replica at once through `KeyRevocations`; this bounds a missed message.
 */
const KEY_CACHE_MS = 5_000;

/** How many keys the memory holds before it starts over. */
const MAX_KEYS = 10_000;

interface OwnerRow {
  key_id: string;
  account_id: string;
  tier: Tier;
  subscriptions: string[];
  capped: boolean;
  allowed_origins: string[] | null;
  expires_at: Date | null;
  scopes: string[] | null;
  /** Null when the key was found by its current secret, else when the previous one ends. */
  previous_until: Date | null;
}

/** Whether a key found by a previous secret is still within its overlap. */
const secretWorks = (owner: KeyOwner | null, now: number): owner is KeyOwner =>
  owner !== null && (owner.secretEndsAt === undefined || now < owner.secretEndsAt);

/**
 * The hot path's lookup of a key's owner: by the key's hash, from memory for a few seconds,
 * then from `gw.api_key` again. Unknown and revoked keys are remembered as null too.
 */
export class KeyOwners {
  private readonly cache = new Map<string, { owner: KeyOwner | null; until: number }>();
  /**
   * The hashes of the keys seen lately, by key: a SHA-256 per call was a tenth of what auth
   * costs a paid call under load. A plain memo (a key's hash never changes), so it needs no
   * invalidation; bounded like the cache.
   */
  private readonly hashes = new Map<string, string>();

  constructor(
    private readonly db: DataSource,
    private readonly keyUse: KeyUseTracker,
  ) {}

  /**
   * The owner of a key (live or test), or null for an unknown or revoked one, or a secret a
   * roll replaced whose overlap has ended: at once when memory knows the key, else a promise of
   * the database's answer.
   */
  find(key: string): KeyOwner | null | Promise<KeyOwner | null> {
    if (!looksLikeApiKey(key)) return null;
    let hash = this.hashes.get(key);
    if (hash === undefined) {
      hash = hashApiKey(key);
      if (this.hashes.size >= MAX_KEYS) this.hashes.clear();
      this.hashes.set(key, hash);
    }
    const cached = this.cache.get(hash);
    const now = Date.now();
    if (cached && cached.until > now) {
      if (!secretWorks(cached.owner, now)) return null;
      this.keyUse.touch(cached.owner.keyId);
      return cached.owner;
    }
    return this.read(key, hash);
  }

  private async read(key: string, hash: string): Promise<KeyOwner | null> {
    const [row] = (await this.db.query(
      `SELECT k.id AS key_id, a.id AS account_id, a.tier, a.subscriptions, k.allowed_origins,
              (k.daily_cap IS NOT NULL OR k.monthly_cap IS NOT NULL) AS capped,
              k.expires_at, k.scopes,
              CASE WHEN k.hash = $1 THEN NULL ELSE k.previous_until END AS previous_until
         FROM gw.api_key k JOIN gw.account a ON a.id = k.account_id
        WHERE (k.hash = $1 OR k.previous_hash = $1) AND k.revoked_at IS NULL`,
      [hash],
    )) as OwnerRow[];
    const owner: KeyOwner | null = row
      ? {
          keyId: row.key_id,
          accountId: row.account_id,
          tier: row.tier,
          subscriptions: row.subscriptions,
          sandbox: keyModeOf(key) === 'test',
          capped: row.capped,
          ...(row.allowed_origins && { allowedOrigins: new Set(row.allowed_origins) }),
          ...(row.expires_at && { expiresAt: new Date(row.expires_at).getTime() }),
          ...(row.scopes && { scopes: row.scopes }),
          ...(row.previous_until && { secretEndsAt: new Date(row.previous_until).getTime() }),
        }
      : null;
    if (this.cache.size >= MAX_KEYS) this.cache.clear();
    this.cache.set(hash, { owner, until: Date.now() + KEY_CACHE_MS });
    if (!secretWorks(owner, Date.now())) return null;
    this.keyUse.touch(owner.keyId);
    return owner;
  }

  /** Forgets one key (by hash), or every key for {@link ALL_KEYS}: it is read again when next used. */
  forget(change: KeyChange): void {
    if (change === ALL_KEYS) this.cache.clear();
    else this.cache.delete(change);
  }
}
