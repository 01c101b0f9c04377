import { Module } from '@nestjs/common';
import { CacheModule } from '@nl/platform-cache';
import { TransportClientModule } from '@nl/platform-transport';
import { UpstreamModule } from '@nl/platform-upstream';
import { BranchHandler } from './branch/branch.handler.js';
import { BranchService } from './branch/branch.service.js';
import { CompanyHandler } from './company/company.handler.js';
import { CompanyService } from './company/company.service.js';
import { KvkProfiles } from './company/kvk-profiles.js';
import { SbiEditions } from './company/sbi-editions.js';
import { SearchHandler } from './search/search.handler.js';
import { SearchService } from './search/search.service.js';
import { KVK_UPSTREAM, KvkClient } from './upstream/kvk/kvk.client.js';

/**
 * The kvk domain: company search, company base profiles and branch profiles from the KVK
 * Handelsregister APIs, cached; VAT checks go to the validation service and SBI editions to the cbs service, over
 * the transport (its client module).
 */
@Module({
  imports: [
    CacheModule.forDomain('kvk'),
    UpstreamModule.register(KVK_UPSTREAM),
    TransportClientModule,
  ],
  controllers: [SearchHandler, CompanyHandler, BranchHandler],
  providers: [KvkClient, KvkProfiles, CompanyService, BranchService, SearchService, SbiEditions],
})
export class KvkModule {}
