import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CacheModule } from '@nl/platform-cache';
import { UpstreamModule } from '@nl/platform-upstream';
import { DisposableHandler } from './disposable/disposable.handler.js';
import { DisposableService } from './disposable/disposable.service.js';
import { DnsHandler } from './dns/dns.handler.js';
import { DnsService } from './dns/dns.service.js';
import { EmailHandler } from './email/email.handler.js';
import { EmailService } from './email/email.service.js';
import { VatAnswerEntity } from './persistence/vat-answer.entity.js';
import { DnsResolver } from './upstream/dns/dns.client.js';
import { VIES_UPSTREAM, ViesClient } from './upstream/vies/vies.client.js';
import { VatAnswerStore } from './vat/vat-answer.store.js';
import { VatHandler } from './vat/vat.handler.js';
import { VatService } from './vat/vat.service.js';

/**
 * The validation domain: EU VAT numbers (VIES), e-mail addresses, disposable domains and DNS
 * records. Needs `VALIDATION_DATABASE` and a transport server; settings from VALIDATION_CONFIG.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([VatAnswerEntity]),
    CacheModule.forDomain('validation'),
    UpstreamModule.register(VIES_UPSTREAM),
  ],
  controllers: [VatHandler, EmailHandler, DisposableHandler, DnsHandler],
  providers: [
    ViesClient,
    VatAnswerStore,
    VatService,
    DnsResolver,
    DnsService,
    DisposableService,
    EmailService,
  ],
})
export class ValidationModule {}
