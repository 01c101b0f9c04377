import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { VatValidationResponse } from '@nl/contracts-validation';
import type { Repository } from 'typeorm';
import { VatAnswerEntity } from '../persistence/vat-answer.entity.js';

/** Durable last answers per VAT number (the cache forgets; this outlives restarts and TTLs). */
@Injectable()
export class VatAnswerStore {
  constructor(
    @InjectRepository(VatAnswerEntity) private readonly rows: Repository<VatAnswerEntity>,
  ) {}

  async save(response: VatValidationResponse): Promise<void> {
    await this.rows.upsert(
      { vatNumber: response.vat_number, response, checkedAt: new Date(response.request_date) },
      ['vatNumber'],
    );
  }

  async find(
    vatNumber: string,
  ): Promise<{ response: VatValidationResponse; checkedAt: Date } | null> {
    const row = await this.rows.findOneBy({ vatNumber });
    return row ? { response: row.response, checkedAt: row.checkedAt } : null;
  }
}
