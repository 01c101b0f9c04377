import { Injectable } from '@nestjs/common';
import type { ReplyEnvelope } from '@nl/contracts-core';
import {
  BRANCH_GET_ENDPOINT,
  COMPANY_GET_ENDPOINT,
  type BranchProfileResponse,
  type BranchQuery,
} from '@nl/contracts-kvk';
import { replyEnvelope } from '@nl/platform-cache';
import type { RequestScope } from '@nl/platform-context';
import { DomainError } from '@nl/platform-errors';
import { KvkProfiles } from '../company/kvk-profiles.js';
import { SbiEditions } from '../company/sbi-editions.js';
import { toBranchProfile } from '../upstream/kvk/kvk.mapper.js';

const notFound = (message: string) =>
  DomainError.notFound({ found: false, result: null, message }, message);

/**
 * `GET /v1/kvk/{companyNumber}/branch`: the branch given, or the main branch found through the
 * company's base profile. A branch of another company is not this company's:
 * 404, like an unknown one. Its activities get their SBI edition told (`SbiEditions`).
 */
@Injectable()
export class BranchService {
  constructor(
    private readonly profiles: KvkProfiles,
    private readonly editions: SbiEditions,
  ) {}

  async profile(
    query: BranchQuery,
    scope: RequestScope,
  ): Promise<ReplyEnvelope<BranchProfileResponse>> {
    const number = query.vestigingsnummer ?? (await this.mainBranchOf(query.companyNumber, scope));
    const cached = await this.profiles.branch(number, BRANCH_GET_ENDPOINT, scope);
    if (!cached.value || cached.value.kvkNummer !== query.companyNumber)
      throw notFound(`Company ${query.companyNumber} has no branch ${number}.`);
    const branch = toBranchProfile(cached.value, cached.fetchedAt);
    const sbiActiviteiten = await this.editions.of(branch.sbiActiviteiten);
    return replyEnvelope('kvk', { ...cached, value: { ...branch, sbiActiviteiten } });
  }

  private async mainBranchOf(companyNumber: string, scope: RequestScope): Promise<string> {
    const company = await this.profiles.company(companyNumber, COMPANY_GET_ENDPOINT, scope);
    if (!company.value) throw notFound(`The company register has no company ${companyNumber}.`);
    const main = company.value._embedded?.hoofdvestiging?.vestigingsnummer;
    if (!main) throw notFound(`Company ${companyNumber} has no main branch.`);
    return main;
  }
}
