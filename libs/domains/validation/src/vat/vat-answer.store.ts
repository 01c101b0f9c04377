import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { VatValidationResponse } from '@nl/contracts-validation';
import type { RequestScope } from '@nl/platform-context';
import { preparedQuery } from '@nl/platform-database';
import type { Repository } from 'typeorm';
import { VatAnswerEntity } from '../persistence/vat-answer.entity.js';

/** One statement, prepared once: every fresh check writes it (a batch of 10,000 writes 10,000). */
const SAVE = `INSERT INTO validation.vat_answer (vat_number, response, checked_at) VALUES ($1, $2, $3)
  ON CONFLICT (vat_number) DO UPDATE SET response = excluded.response, checked_at = excluded.checked_at`;

/**
 * Durable last answers per VAT number (the cache forgets; this outlives restarts and TTLs). Live
 * answers only: a sandbox (test-key) call neither stores its recorded answer nor reads a live one.
 */
@Injectable()
export class VatAnswerStore {
  constructor(
    @InjectRepository(VatAnswerEntity) private readonly rows: Repository<VatAnswerEntity>,
  ) {}

  async save(response: VatValidationResponse, scope: RequestScope): Promise<void> {
    if (scope.sandbox) return;
    await preparedQuery(this.rows.manager.connection, SAVE, [
      response.vat_number,
      JSON.stringify(response),
      new Date(response.request_date),
    ]);
  }

  async find(
    vatNumber: string,
    scope: RequestScope,
  ): Promise<{ response: VatValidationResponse; checkedAt: Date } | null> {
    if (scope.sandbox) return null;
    const row = await this.rows.findOneBy({ vatNumber });
    return row ? { response: row.response, checkedAt: row.checkedAt } : null;
  }
}
