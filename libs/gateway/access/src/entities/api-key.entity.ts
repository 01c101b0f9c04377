import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryColumn,
} from 'typeorm';
import { AccountEntity } from './account.entity.js';

/**
 * An API key: only its SHA-256 hash and a visible prefix are stored. A key may carry spend
 * caps (hundredths of a credit); while it does, its spend is counted here (for `spendDay` and
 * that day's month) by the credit statements, under this row's lock. It may also list the
 * only web origins whose pages may call with it, and the only domains it may call. A rolled key
 * keeps its row: the secret it replaced works until `previousUntil`.
 */
@Entity({ schema: 'gw', name: 'api_key' })
@Index('api_key_account_idx', ['accountId'])
@Check('api_key_daily_cap_check', 'daily_cap > 0')
@Check('api_key_monthly_cap_check', 'monthly_cap > 0')
@Check('api_key_cap_alert_percent_check', 'cap_alert_percent BETWEEN 1 AND 100')
@Check('api_key_allowed_origins_check', 'cardinality(allowed_origins) BETWEEN 1 AND 20')
@Check('api_key_scopes_check', 'cardinality(scopes) BETWEEN 1 AND 50')
export class ApiKeyEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Column('uuid', { name: 'account_id' })
  accountId!: string;

  @ManyToOne(() => AccountEntity, { nullable: false })
  @JoinColumn({ name: 'account_id', foreignKeyConstraintName: 'api_key_account_id_fkey' })
  account?: AccountEntity;

  @Column('text')
  prefix!: string;

  @Column('text', { unique: true })
  hash!: string;

  @Column('text', { nullable: true })
  name!: string | null;

  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' })
  createdAt!: Date;

  @Column('timestamptz', { name: 'revoked_at', nullable: true })
  revokedAt!: Date | null;

  /** Roughly when the key last authenticated a call (written in batches, KeyUseTracker). */
  @Column('timestamptz', { name: 'last_used_at', nullable: true })
  lastUsedAt!: Date | null;

  @Column('bigint', { name: 'daily_cap', nullable: true })
  dailyCap!: string | null;

  @Column('bigint', { name: 'monthly_cap', nullable: true })
  monthlyCap!: string | null;

  /** Where the dashboard warns, in percent of a cap; not enforced. */
  @Column('smallint', { name: 'cap_alert_percent', nullable: true })
  capAlertPercent!: number | null;

  /** The UTC day `daySpent` is for; `monthSpent` is for its month. */
  @Column('date', { name: 'spend_day', nullable: true })
  spendDay!: string | null;

  @Column('bigint', { name: 'day_spent', default: 0 })
  daySpent!: string;

  @Column('bigint', { name: 'month_spent', default: 0 })
  monthSpent!: string;

  /** The only origins whose web pages may call with the key (normalised); null: any. */
  @Column('text', { name: 'allowed_origins', array: true, nullable: true })
  allowedOrigins!: string[] | null;

  /** The hash of the secret a roll replaced, accepted until `previousUntil`; null: none. */
  @Column('text', { name: 'previous_hash', nullable: true, unique: true })
  previousHash!: string | null;

  @Column('text', { name: 'previous_prefix', nullable: true })
  previousPrefix!: string | null;

  @Column('timestamptz', { name: 'previous_until', nullable: true })
  previousUntil!: Date | null;

  /** When the key stops working; null: never. */
  @Column('timestamptz', { name: 'expires_at', nullable: true })
  expiresAt!: Date | null;

  /** The only domains the key may call; null: all. */
  @Column('text', { array: true, nullable: true })
  scopes!: string[] | null;
}
