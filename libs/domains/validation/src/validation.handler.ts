import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  DnsRecordsQuery,
  EmailBody,
  VALIDATION_SUBJECTS,
  VatCheckBody,
} from '@nl/contracts-validation';
import { RpcHandlers } from '@nl/platform-errors';
import { DisposableService } from './disposable/disposable.service.js';
import { DnsLookupService } from './dns/dns-lookup.service.js';
import { EmailService } from './email/email.service.js';
import { VatService } from './vat/vat.service.js';

/** Transport entry points of the validation service: validation by DTO, then one call. */
@RpcHandlers()
export class ValidationHandler {
  constructor(
    private readonly vat: VatService,
    private readonly email: EmailService,
    private readonly disposable: DisposableService,
    private readonly dns: DnsLookupService,
  ) {}

  @MessagePattern(VALIDATION_SUBJECTS.vat)
  checkVat(@Payload() body: VatCheckBody) {
    return this.vat.check(body.vat_number);
  }

  @MessagePattern(VALIDATION_SUBJECTS.email)
  checkEmail(@Payload() body: EmailBody) {
    return this.email.validate(body.email);
  }

  @MessagePattern(VALIDATION_SUBJECTS.disposable)
  checkDisposable(@Payload() body: EmailBody) {
    return this.disposable.check(body.email);
  }

  @MessagePattern(VALIDATION_SUBJECTS.dns)
  dnsRecords(@Payload() query: DnsRecordsQuery) {
    return this.dns.records(query);
  }
}
