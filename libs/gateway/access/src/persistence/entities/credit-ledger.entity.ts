import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  Unique,
} from 'typeorm';
import { AccountEntity } from './account.entity.js';
import { ApiKeyEntity } from './api-key.entity.js';

export type LedgerKind = 'topup' | 'reserve' | 'settle' | 'release' | 'x402' | 'refund';

/**
 * The append-only credit ledger (ARCHITECTURE §5). `amount` is the signed change to the balance;
 * `charged` what a settle earned. One row per charge and kind makes a repeat impossible. An
 * `x402` row is a settled per-request payment (booked to the x402 system account, amount 0,
 * `charged` the price in hundredths of a credit) with its payer and transaction hash.
 */
@Entity({ schema: 'gw', name: 'credit_ledger' })
@Unique('credit_ledger_charge_id_kind_key', ['chargeId', 'kind'])
@Index('credit_ledger_usage_idx', ['accountId', 'createdAt'])
@Check(
  'credit_ledger_kind_check',
  `kind IN ('topup', 'reserve', 'settle', 'release', 'x402', 'refund')`,
)
export class CreditLedgerEntity {
  @PrimaryGeneratedColumn('increment', { type: 'bigint' })
  id!: string;

  @Column('uuid', { name: 'account_id' })
  accountId!: string;

  @ManyToOne(() => AccountEntity, { nullable: false })
  @JoinColumn({ name: 'account_id', foreignKeyConstraintName: 'credit_ledger_account_id_fkey' })
  account?: AccountEntity;

  @Column('text')
  kind!: LedgerKind;

  @Column('uuid', { name: 'charge_id' })
  chargeId!: string;

  @Column('text', { name: 'request_id', nullable: true })
  requestId!: string | null;

  @Column('text', { nullable: true })
  endpoint!: string | null;

  @Column('bigint')
  amount!: string;

  @Column('bigint', { default: 0 })
  charged!: string;

  /** x402 rows: the paying address. */
  @Column('text', { nullable: true })
  payer!: string | null;

  /** x402 rows: the settlement's transaction hash. */
  @Column('text', { name: 'tx_hash', nullable: true })
  txHash!: string | null;

  /** `reserve` rows of a capped key: the key whose spend counted the charge (for a refund). */
  @Column('uuid', { name: 'key_id', nullable: true })
  keyId!: string | null;

  @ManyToOne(() => ApiKeyEntity, { nullable: true })
  @JoinColumn({ name: 'key_id', foreignKeyConstraintName: 'credit_ledger_key_id_fkey' })
  key?: ApiKeyEntity;

  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' })
  createdAt!: Date;
}
