import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { AccountEntity } from '@nl/gateway-access';

/**
 * A dashboard session of the embedded profile (the distributed one keeps sessions in Redis).
 * Only the SHA-256 of the cookie's secret is stored; `key_id` is the key that signed in.
 */
@Entity({ schema: 'gw', name: 'dashboard_session' })
@Index('dashboard_session_account_idx', ['accountId'])
export class DashboardSessionEntity {
  @PrimaryColumn('text', { name: 'id_hash' })
  idHash!: string;

  @Column('uuid', { name: 'account_id' })
  accountId!: string;

  @ManyToOne(() => AccountEntity, { nullable: false })
  @JoinColumn({ name: 'account_id', foreignKeyConstraintName: 'dashboard_session_account_id_fkey' })
  account?: AccountEntity;

  @Column('uuid', { name: 'key_id' })
  keyId!: string;

  @Column('text')
  csrf!: string;

  @Column('text', { name: 'user_agent', nullable: true })
  userAgent!: string | null;

  @Column('timestamptz', { name: 'created_at', default: () => 'now()' })
  createdAt!: Date;

  @Column('timestamptz', { name: 'rotated_at', default: () => 'now()' })
  rotatedAt!: Date;

  @Column('timestamptz', { name: 'expires_at' })
  expiresAt!: Date;
}
