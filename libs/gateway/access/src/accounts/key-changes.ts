import type { DataSource, Repository } from 'typeorm';
import { IsNull } from 'typeorm';
import { ApiKeyEntity } from '../entities/api-key.entity.js';
import { normaliseOrigins } from '../keys/allowed-origins.js';
import type { KeyChange, KeyRevocations } from '../keys/key-revocations.js';
import type { AccountCredits } from './account-credits.js';
import { revokeAccountKeyRow, type AccountKeyRevocation } from './account-key-revocation.js';
import { toKeyInfo, type ApiKeyInfo } from './api-key-info.js';
import type { SpendCaps } from './key-caps.js';
import type { KeyOwners } from './key-owners.js';
import { rollKeyRow } from './key-roll.js';
import { writeKeyColumns, writeSpendCaps } from './key-rows.js';

/**
 * The changes to existing keys (revoke, roll, caps, origins, expiry, scopes), each one scoped
 * by account and announced to every replica, which reads the key again (by either secret) at
 * its next call. The base of AccountsService.
 */
export abstract class KeyChanges {
  protected readonly keyRows: Repository<ApiKeyEntity>;

  protected constructor(
    protected readonly db: DataSource,
    protected readonly credits: AccountCredits,
    protected readonly owners: KeyOwners,
    protected readonly revocations?: KeyRevocations,
  ) {
    this.keyRows = db.getRepository(ApiKeyEntity);
  }

  /**
   * Revokes an active key of this account only (the dashboard): `not_found` for any other id,
   * and `last_live_key`, with nothing changed, for the account's only active live key.
   */
  async revokeAccountKey(
    accountId: string,
    keyId: string,
  ): Promise<AccountKeyRevocation['outcome']> {
    const result = await revokeAccountKeyRow(this.db, accountId, keyId);
    if (result.outcome === 'revoked') for (const hash of result.hashes) await this.changed(hash);
    return result.outcome;
  }

  async revokeKey(keyId: string): Promise<boolean> {
    const result = await this.keyRows.update(
      { id: keyId, revokedAt: IsNull() },
      { revokedAt: () => 'now()' },
    );
    const revoked = (result.affected ?? 0) > 0;
    if (revoked) await this.announce(await this.keyRows.findOneByOrFail({ id: keyId }));
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
    const row = await writeSpendCaps(this.keyRows, accountId, keyId, caps);
    if (!row) return null;
    this.credits.capsChanged(keyId);
    // Every replica reads the key again, so its next call is checked against the new caps.
    return this.announce(row);
  }

  /**
   * Sets the origins whose web pages may call with a key (null or empty: any), replacing the
   * list it had; scoped by account like {@link setSpendCaps}. Throws `validation_failed` for an
   * entry that is not an origin or a list that is too long.
   */
  async setAllowedOrigins(
    accountId: string,
    keyId: string,
    origins: readonly string[] | null,
  ): Promise<ApiKeyInfo | null> {
    return this.writeKey(accountId, keyId, { allowedOrigins: normaliseOrigins(origins) });
  }

  /**
   * Rolls an active key of this account (rollKeyRow): its new secret, shown here once, and the
   * key as it is now; null when the account has no such active key. Every replica reads the
   * replaced secrets again, so they hold the previous secret's end from their next call.
   */
  async rollKey(
    accountId: string,
    keyId: string,
    overlapSeconds: number,
  ): Promise<{ key: string; info: ApiKeyInfo } | null> {
    const rolled = await rollKeyRow(this.db, accountId, keyId, overlapSeconds);
    if (!rolled) return null;
    for (const hash of rolled.changedHashes) await this.changed(hash);
    return { key: rolled.key, info: toKeyInfo(rolled.row) };
  }

  /** Sets or clears (null) a key's expiry (checked with `expiryOf`), scoped by account. */
  async setExpiry(
    accountId: string,
    keyId: string,
    expiresAt: Date | null,
  ): Promise<ApiKeyInfo | null> {
    return this.writeKey(accountId, keyId, { expiresAt });
  }

  /** Sets a key's scopes (checked with `scopesOf`; null: every domain), scoped by account. */
  async setScopes(
    accountId: string,
    keyId: string,
    scopes: readonly string[] | null,
  ): Promise<ApiKeyInfo | null> {
    return this.writeKey(accountId, keyId, { scopes: scopes && [...scopes] });
  }

  private async writeKey(
    accountId: string,
    keyId: string,
    set: Parameters<typeof writeKeyColumns>[3],
  ): Promise<ApiKeyInfo | null> {
    const row = await writeKeyColumns(this.keyRows, accountId, keyId, set);
    return row && this.announce(row);
  }

  /** Every replica reads the key again, by either of its secrets; the key as it is now. */
  private async announce(row: ApiKeyEntity): Promise<ApiKeyInfo> {
    await this.changed(row.hash);
    if (row.previousHash) await this.changed(row.previousHash);
    return toKeyInfo(row);
  }

  /** A key (by hash) or every key changed: this replica and every other read it again. */
  protected async changed(change: KeyChange): Promise<void> {
    this.owners.forget(change);
    await this.revocations?.publish(change);
  }
}
