import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  JoinColumn,
  ManyToOne,
  PrimaryColumn,
} from 'typeorm';
import { AccountEntity, ApiKeyEntity } from '@nl/gateway-access';

export type LedgerKind = 'topup' | 'reserve' | 'settle' | 'release' | 'x402' | 'refund';

/**
 * The append-only credit ledger. `amount` is the signed change to the balance;
 * `charged` what a settle earned. One row per charge and kind, the primary key, makes a repeat
 * impossible (rows come in the order of `created_at`; there is no serial id). An
 * `x402` row is a settled per-request payment (booked to the x402 system account, amount 0,
 * `charged` the price in hundredths of a credit) with its payer and transaction hash. A
 * `settle` or `release` row with `reserved` set stands for its reservation too (the embedded
 * profile writes no `reserve` rows): `amount` is then the net change, −charged. No foreign keys
 * (migration LedgerClosingRows): the relations below are for reading only.
 */
@Entity({ schema: 'gw', name: 'credit_ledger' })
@Check(
  'credit_ledger_kind_check',
  `kind IN ('topup', 'reserve', 'settle', 'release', 'x402', 'refund')`,
)
@Check('credit_ledger_reserved_check', '(reserved IS NULL) = (reserved_at IS NULL)')
export class CreditLedgerEntity {
  @Column('uuid', { name: 'account_id' })
  accountId!: string;

  @ManyToOne(() => AccountEntity, { nullable: false, createForeignKeyConstraints: false })
  @JoinColumn({ name: 'account_id' })
  account?: AccountEntity;

  @PrimaryColumn('text', { primaryKeyConstraintName: 'credit_ledger_pkey' })
  kind!: LedgerKind;

  @PrimaryColumn('uuid', { name: 'charge_id', primaryKeyConstraintName: 'credit_ledger_pkey' })
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

  /**
   * A capped key's `reserve` row, or its closing row standing for the reservation: the key whose
   * spend counted the charge (for a refund).
   */
  @Column('uuid', { name: 'key_id', nullable: true })
  keyId!: string | null;

  @ManyToOne(() => ApiKeyEntity, { nullable: true, createForeignKeyConstraints: false })
  @JoinColumn({ name: 'key_id' })
  key?: ApiKeyEntity;

  /** A closing row that stands for its reservation: what was held (else null). */
  @Column('bigint', { nullable: true })
  reserved!: string | null;

  /** … and when it was held. */
  @Column('timestamptz', { name: 'reserved_at', nullable: true })
  reservedAt!: Date | null;

  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' })
  createdAt!: Date;
}
