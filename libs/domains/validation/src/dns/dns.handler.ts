import { MessagePattern, Payload } from '@nestjs/microservices';
import { DnsRecordsQuery, VALIDATION_SUBJECTS } from '@nl/contracts-validation';
import { requestScope } from '@nl/platform-context';
import { RpcHandlers } from '@nl/platform-errors';
import { DnsService } from './dns.service.js';

/** Transport entry point for DNS records: validation by DTO, then one call. */
@RpcHandlers()
export class DnsHandler {
  constructor(private readonly dns: DnsService) {}

  @MessagePattern(VALIDATION_SUBJECTS.dns)
  records(@Payload() query: DnsRecordsQuery) {
    return this.dns.records(query, requestScope());
  }
}
