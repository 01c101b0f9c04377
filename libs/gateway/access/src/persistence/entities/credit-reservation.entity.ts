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

/** Credits held for a call in flight; settled, released, or swept after a crash. */
@Entity({ schema: 'gw', name: 'credit_reservation' })
@Index('credit_reservation_age_idx', ['createdAt'])
@Check('credit_reservation_amount_check', 'amount >= 0')
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

  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' })
  createdAt!: Date;
}
