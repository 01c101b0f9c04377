import type { Tier } from '@nl/contracts-core';
import { Check, Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A customer: tier, subscriptions and credit balance in hundredths of a credit. */
@Entity({ schema: 'gw', name: 'account' })
@Check('account_tier_check', `tier IN ('free', 'trial', 'paid', 'premium')`)
@Check('account_balance_check', 'balance >= 0')
export class AccountEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Column('text')
  name!: string;

  @Column('text')
  tier!: Tier;

  @Column('text', { array: true, default: () => "'{}'" })
  subscriptions!: string[];

  /** bigint arrives as a string from the driver. */
  @Column('bigint', { default: 0 })
  balance!: string;

  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' })
  createdAt!: Date;
}
