import { Inject, Injectable } from '@nestjs/common';
import type { ReplyEnvelope } from '@nl/contracts-core';
import {
  COMPANY_GET_ENDPOINT,
  type CompanyProfileResponse,
  type CompanyQuery,
  type KvkVat,
} from '@nl/contracts-kvk';
import { VAT_CHECK_ENDPOINT } from '@nl/contracts-validation';
import { replyEnvelope } from '@nl/platform-cache';
import type { RequestScope } from '@nl/platform-context';
import { DomainError } from '@nl/platform-errors';
import { LOGGER, type Logger } from '@nl/platform-logging';
import { ServiceClient } from '@nl/platform-transport';
import { SbiEditions } from './sbi-editions.js';
import { KvkProfiles } from './kvk-profiles.js';
import { rsinOf, toCompanyProfile } from '../upstream/kvk/kvk.mapper.js';
import { vatBlock, viesMayJudge } from './vat-block.js';

/**
 * `GET /v1/kvk/{companyNumber}`: the base profile through the cache (24 h, stale-if-error),
 * with the `vat` block of this request. `vies=true` asks our own VAT service through the typed
 * service client (the subject internal teams use; the kvk service has no VIES client) about the
 * company's own number only: its verdict, or `unavailable` when it has none, since an optional
 * enrichment never fails the profile. The activities get their SBI edition the same way, from
 * the cbs service.
 */
@Injectable()
export class CompanyService {
  constructor(
    private readonly profiles: KvkProfiles,
    private readonly services: ServiceClient,
    private readonly editions: SbiEditions,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async profile(
    query: CompanyQuery,
    scope: RequestScope,
  ): Promise<ReplyEnvelope<CompanyProfileResponse>> {
    const cached = await this.profiles.company(query.companyNumber, COMPANY_GET_ENDPOINT, scope);
    if (!cached.value)
      throw DomainError.notFound(
        {
          found: false,
          result: null,
          message: `The company register has no company ${query.companyNumber}.`,
        },
        `The company register has no company ${query.companyNumber}.`,
      );
    const raw = cached.value;
    const profile = toCompanyProfile(raw, cached.fetchedAt);
    const [vat, sbiActiviteiten] = await Promise.all([
      this.vat(vatBlock(rsinOf(raw), query.vat), query.vies === 'true'),
      this.editions.of(profile.sbiActiviteiten),
    ]);
    return replyEnvelope('kvk', { ...cached, value: { ...profile, sbiActiviteiten, vat } });
  }

  private async vat(vat: KvkVat, vies: boolean): Promise<KvkVat> {
    return vies && viesMayJudge(vat) && vat.number ? this.viesCheck(vat, vat.number) : vat;
  }

  private async viesCheck(vat: KvkVat, number: string): Promise<KvkVat> {
    try {
      const reply = await this.services.call(VAT_CHECK_ENDPOINT, { vat_number: number });
      const answer = reply.data;
      if (answer.valid === null) return { ...vat, status: 'unavailable' };
      return {
        ...vat,
        valid: answer.valid,
        status: answer.valid ? 'valid' : 'invalid',
        validatedAt: answer.request_date,
      };
    } catch (error) {
      this.logger.warn(
        { err: error, code: error instanceof DomainError ? error.code : undefined },
        'VAT check for a company profile failed; answered without it',
      );
      return { ...vat, status: 'unavailable' };
    }
  }
}
