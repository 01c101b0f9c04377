import { Column, Entity, JoinColumn, OneToOne, PrimaryColumn } from 'typeorm';
import { AccountEntity } from '@nl/gateway-access';

/**
 * An account's webhook endpoint: where its events go and the secret they are signed with. The
 * row exists from the first time the account needs a secret, with or without a URL. After a
 * rotation the previous secret keeps signing too, until `previous_until`.
 */
@Entity({ schema: 'gw', name: 'webhook_endpoint' })
export class WebhookEndpointEntity {
  @PrimaryColumn('uuid', { name: 'account_id' })
  accountId!: string;

  @OneToOne(() => AccountEntity, { nullable: false })
  @JoinColumn({ name: 'account_id', foreignKeyConstraintName: 'webhook_endpoint_account_id_fkey' })
  account?: AccountEntity;

  @Column('text', { nullable: true })
  url!: string | null;

  @Column('text')
  secret!: string;

  @Column('text', { name: 'previous_secret', nullable: true })
  previousSecret!: string | null;

  @Column('timestamptz', { name: 'previous_until', nullable: true })
  previousUntil!: Date | null;

  @Column('timestamptz', { name: 'updated_at', default: () => 'now()' })
  updatedAt!: Date;
}
