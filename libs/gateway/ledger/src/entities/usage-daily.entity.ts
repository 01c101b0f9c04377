import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { AccountEntity } from '@nl/gateway-access';

/** Successful calls and credits charged per account, UTC day and endpoint (a settlement rollup). */
@Entity({ schema: 'gw', name: 'usage_daily' })
export class UsageDailyEntity {
  @PrimaryColumn('uuid', { name: 'account_id' })
  accountId!: string;

  @ManyToOne(() => AccountEntity, { nullable: false })
  @JoinColumn({ name: 'account_id', foreignKeyConstraintName: 'usage_daily_account_id_fkey' })
  account?: AccountEntity;

  @PrimaryColumn('date')
  day!: string;

  @PrimaryColumn('text')
  endpoint!: string;

  @Column('bigint', { default: 0 })
  calls!: string;

  @Column('bigint', { default: 0 })
  charged!: string;
}
