import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { AccountEntity } from '@nl/gateway-access';

/** One attempt as the delivery log keeps it (the last ten of a delivery). */
export interface AttemptRecord {
  /** ISO time the attempt started. */
  readonly at: string;
  readonly outcome: string;
  readonly status: number | null;
  readonly ms: number;
}

/**
 * One message to one URL: the outbox row from the moment its event is raised until it is
 * delivered or given up on. Its id is the message id (`msg_…`) every attempt sends in
 * `webhook-id`, so a receiver can drop a repeat.
 */
@Entity({ schema: 'gw', name: 'webhook_delivery' })
@Index('webhook_delivery_due_idx', ['state', 'nextAttemptAt'])
@Index('webhook_delivery_account_idx', ['accountId', 'createdAt'])
@Check('webhook_delivery_state_check', `state IN ('pending', 'delivered', 'failed')`)
export class WebhookDeliveryEntity {
  @PrimaryColumn('text')
  id!: string;

  @Column('uuid', { name: 'account_id' })
  accountId!: string;

  @ManyToOne(() => AccountEntity, { nullable: false })
  @JoinColumn({ name: 'account_id', foreignKeyConstraintName: 'webhook_delivery_account_id_fkey' })
  account?: AccountEntity;

  @Column('text', { name: 'event_type' })
  eventType!: string;

  @Column('text')
  url!: string;

  @Column('jsonb')
  payload!: object;

  @Column('text', { default: 'pending' })
  state!: 'pending' | 'delivered' | 'failed';

  @Column('int', { default: 0 })
  attempts!: number;

  @Column('jsonb', { name: 'attempt_log', default: () => "'[]'" })
  attemptLog!: AttemptRecord[];

  @Column('timestamptz', { name: 'first_attempt_at', nullable: true })
  firstAttemptAt!: Date | null;

  @Column('timestamptz', { name: 'next_attempt_at', nullable: true })
  nextAttemptAt!: Date | null;

  @Column('int', { name: 'last_status', nullable: true })
  lastStatus!: number | null;

  @Column('text', { name: 'last_outcome', nullable: true })
  lastOutcome!: string | null;

  @Column('text', { name: 'last_error', nullable: true })
  lastError!: string | null;

  @Column('timestamptz', { name: 'created_at', default: () => 'now()' })
  createdAt!: Date;

  @Column('timestamptz', { name: 'updated_at', default: () => 'now()' })
  updatedAt!: Date;
}
