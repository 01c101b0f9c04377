import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CacheModule } from '@nl/platform-cache';
import { DisposableService } from './disposable/disposable.service.js';
import { DnsLookupService } from './dns/dns-lookup.service.js';
import { DnsResolver } from './dns/dns-resolver.js';
import { EmailService } from './email/email.service.js';
import { VatAnswerEntity } from './persistence/vat-answer.entity.js';
import { ValidationHandler } from './validation.handler.js';
import { VatAnswerStore } from './vat/vat-answer.store.js';
import { VatService } from './vat/vat.service.js';
import { ViesClient } from './vat/vies.client.js';

/**
 * The validation domain: EU VAT numbers (VIES), e-mail addresses, disposable domains and DNS
 * records. Needs `VALIDATION_DATABASE` and a transport server; upstreams from config.
 */
@Module({
  imports: [TypeOrmModule.forFeature([VatAnswerEntity]), CacheModule.forDomain('validation')],
  controllers: [ValidationHandler],
  providers: [
    ViesClient,
    VatAnswerStore,
    VatService,
    DnsResolver,
    DnsLookupService,
    DisposableService,
    EmailService,
  ],
})
export class ValidationModule {}
