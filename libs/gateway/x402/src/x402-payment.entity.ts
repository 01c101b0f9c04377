import { Check, Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

export type X402PaymentState = 'reserved' | 'settled' | 'failed';

/** A signed x402 payment as seen here: reserved once per (payer, nonce), then closed. */
@Entity({ schema: 'gw', name: 'x402_payment' })
@Check('x402_payment_state_check', `state IN ('reserved', 'settled', 'failed')`)
export class X402PaymentEntity {
  @PrimaryColumn('text')
  payer!: string;

  @PrimaryColumn('text')
  nonce!: string;

  @Column('text')
  state!: X402PaymentState;

  @Column('text')
  endpoint!: string;

  @Column('text', { name: 'request_id' })
  requestId!: string;

  @Column('numeric', { precision: 78, scale: 0 })
  amount!: string;

  @Column('text', { name: 'tx_hash', nullable: true })
  txHash!: string | null;

  @Column('text', { nullable: true })
  reason!: string | null;

  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' })
  createdAt!: Date;

  @Column('timestamptz', { name: 'closed_at', nullable: true })
  closedAt!: Date | null;
}
