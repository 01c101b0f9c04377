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

/**
 * A key in use is read again this long before its memory ends, while its calls are still
 * answered from memory: a busy database (a batch job's rows, a slow moment of Postgres) delays
 * the read, not the calls. Without it every call of the key waited on the read once in 5 s, and
 * in the bench's batch row those reads, queued behind the job's statements, were all of the
 * interactive calls' slowest percent (90–120 ms against 5).
 */
const REFRESH_AHEAD_MS = 1_500;

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
 * then from `gw.api_key` again. Unknown and revoked keys are remembered as null too. One read
 * per key is under way at a time, whoever asks; a key in use is read again shortly before its
 * memory ends ({@link REFRESH_AHEAD_MS}), so its calls never wait on the database.
 */
export class KeyOwners {
  private readonly cache = new Map<string, { owner: KeyOwner | null; until: number }>();
  /**
   * The hashes of the keys seen lately, by key: a SHA-256 per call was a tenth of what auth
   * costs a paid call under load. A plain memo (a key's hash never changes), so it needs no
   * invalidation; bounded like the cache.
   */
  private readonly hashes = new Map<string, string>();
  /** The read under way per key hash: calls that miss at once share it. */
  private readonly reading = new Map<string, Promise<KeyOwner | null>>();
  /**
   * Counts {@link forget}s: a read that started before one must not put what it read in memory
   * (it may be the key as it was before its revocation).
   */
  private generation = 0;

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
      if (cached.until - now < REFRESH_AHEAD_MS) this.refresh(key, hash);
      return this.admitted(cached.owner, now);
    }
    return this.load(key, hash).then((owner) => this.admitted(owner, Date.now()));
  }

  /** The owner, if its secret still works (and the key's use noted), else null. */
  private admitted(owner: KeyOwner | null, now: number): KeyOwner | null {
    if (!secretWorks(owner, now)) return null;
    this.keyUse.touch(owner.keyId);
    return owner;
  }

  /** Reads the key ahead of its memory's end; a failure leaves the memory as it is. */
  private refresh(key: string, hash: string): void {
    if (!this.reading.has(hash)) this.load(key, hash).catch(() => undefined);
  }

  /** The key's owner from the database, remembered; the read under way if there is one. */
  private load(key: string, hash: string): Promise<KeyOwner | null> {
    const under = this.reading.get(hash);
    if (under) return under;
    const reading: Promise<KeyOwner | null> = this.read(key, hash).finally(() => {
      if (this.reading.get(hash) === reading) this.reading.delete(hash);
    });
    this.reading.set(hash, reading);
    return reading;
  }

  private async read(key: string, hash: string): Promise<KeyOwner | null> {
    const generation = this.generation;
    const [row] = (await this.db.query(
      `SELECT k.id AS key_id, a.id AS account_id, a.tier, a.subscriptions, k.allowed_origins,
              (k.daily_cap IS NOT NULL OR k.monthly_cap IS NOT NULL) AS capped,
              k.expires_at, k.scopes,
              CASE WHEN k.hash = $1 THEN NULL ELSE k.previous_until END AS previous_until
         FROM gw.api_key k JOIN gw.account a ON a.id = k.account_id
        WHERE (k.hash = $1 OR k.previous_hash = $1) AND k.revoked_at IS NULL`,
      [hash],
    )) as OwnerRow[];
    const owner = row ? ownerOf(row, keyModeOf(key) === 'test') : null;
    if (generation === this.generation) {
      if (this.cache.size >= MAX_KEYS) this.cache.clear();
      this.cache.set(hash, { owner, until: Date.now() + KEY_CACHE_MS });
    }
    return owner;
  }

  /** Forgets one key (by hash), or every key for {@link ALL_KEYS}: it is read again when next used. */
  forget(change: KeyChange): void {
    this.generation++;
    if (change === ALL_KEYS) {
      this.cache.clear();
      this.reading.clear();
    } else {
      this.cache.delete(change);
      this.reading.delete(change);
    }
  }
}

function ownerOf(row: OwnerRow, sandbox: boolean): KeyOwner {
  return {
    keyId: row.key_id,
    accountId: row.account_id,
    tier: row.tier,
    subscriptions: row.subscriptions,
    sandbox,
    capped: row.capped,
    ...(row.allowed_origins && { allowedOrigins: new Set(row.allowed_origins) }),
    ...(row.expires_at && { expiresAt: new Date(row.expires_at).getTime() }),
    ...(row.scopes && { scopes: row.scopes }),
    ...(row.previous_until && { secretEndsAt: new Date(row.previous_until).getTime() }),
  };
}
