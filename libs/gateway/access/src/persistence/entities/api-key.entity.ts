import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryColumn,
} from 'typeorm';
import { AccountEntity } from './account.entity.js';

/** An API key: only its SHA-256 hash and a visible prefix are stored. */
@Entity({ schema: 'gw', name: 'api_key' })
@Index('api_key_account_idx', ['accountId'])
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
}
