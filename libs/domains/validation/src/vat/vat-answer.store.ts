import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { VatValidationResponse } from '@nl/contracts-validation';
import type { RequestScope } from '@nl/platform-context';
import type { Repository } from 'typeorm';
import { VatAnswerEntity } from '../persistence/vat-answer.entity.js';

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
    await this.rows.upsert(
      { vatNumber: response.vat_number, response, checkedAt: new Date(response.request_date) },
      ['vatNumber'],
    );
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
