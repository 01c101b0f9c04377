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
import { AccountEntity, ApiKeyEntity } from '@nl/gateway-access';

/**
 * Credits held for a call in flight; settled, released, or swept after a crash. When the
 * call's key has spend caps, the key and the UTC day its spend was counted on, so that what
 * is given back comes off that day (and month).
 */
@Entity({ schema: 'gw', name: 'credit_reservation' })
@Index('credit_reservation_age_idx', ['createdAt'])
@Check('credit_reservation_amount_check', 'amount >= 0')
@Check('credit_reservation_spend_check', '(key_id IS NULL) = (spend_day IS NULL)')
export class CreditReservationEntity {
  @PrimaryColumn('uuid', { name: 'charge_id' })
  chargeId!: string;

  @Column('uuid', { name: 'account_id' })
  accountId!: string;

  @ManyToOne(() => AccountEntity, { nullable: false })
  @JoinColumn({
    name: 'account_id',
    foreignKeyConstraintName: 'credit_reservation_account_id_fkey',
  })
  account?: AccountEntity;

  @Column('bigint')
  amount!: string;

  @Column('text')
  endpoint!: string;

  @Column('text', { name: 'request_id' })
  requestId!: string;

  @Column('uuid', { name: 'key_id', nullable: true })
  keyId!: string | null;

  @ManyToOne(() => ApiKeyEntity, { nullable: true })
  @JoinColumn({ name: 'key_id', foreignKeyConstraintName: 'credit_reservation_key_id_fkey' })
  key?: ApiKeyEntity;

  @Column('date', { name: 'spend_day', nullable: true })
  spendDay!: string | null;

  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' })
  createdAt!: Date;
}
