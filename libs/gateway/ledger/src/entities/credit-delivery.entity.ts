import { Check, Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * Charges settled in the embedded profile whose answers may not have gone out yet (one row,
 * rewritten by each group commit; EmbeddedCredits). Refunded at the next start after a crash.
 */
@Entity({ schema: 'gw', name: 'credit_delivery' })
@Check('credit_delivery_one_row', 'id = 1')
export class CreditDeliveryEntity {
  @PrimaryColumn('smallint', { default: 1 })
  id!: number;

  @Column('uuid', { array: true, default: () => "'{}'" })
  undelivered!: string[];

  @Column('timestamptz', { name: 'updated_at', default: () => 'now()' })
  updatedAt!: Date;
}
