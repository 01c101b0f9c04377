import { MessagePattern, Payload } from '@nestjs/microservices';
import { VatCheckBody, VALIDATION_SUBJECTS } from '@nl/contracts-validation';
import { requestScope } from '@nl/platform-context';
import { RpcHandlers } from '@nl/platform-errors';
import { VatService } from './vat.service.js';

/** Transport entry point for VAT numbers: validation by DTO, then one call. */
@RpcHandlers()
export class VatHandler {
  constructor(private readonly vat: VatService) {}

  @MessagePattern(VALIDATION_SUBJECTS.vat)
  checkVat(@Payload() body: VatCheckBody) {
    return this.vat.check(body.vat_number, requestScope(), body.requester_vat_number ?? undefined);
  }
}
