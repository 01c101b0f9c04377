import type { VatValidationResponse } from '@nl/contracts-validation';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * The last definitive VIES answer per VAT number, kept as evidence of the check and served
 * (marked stale) when the member state is offline later. One row per number, overwritten.
 */
@Entity({ schema: 'validation', name: 'vat_answer' })
export class VatAnswerEntity {
  @PrimaryColumn('text', { name: 'vat_number' })
  vatNumber: string;

  @Column('jsonb')
  response: VatValidationResponse;

  @Column('timestamptz', { name: 'checked_at' })
  checkedAt: Date;
}
