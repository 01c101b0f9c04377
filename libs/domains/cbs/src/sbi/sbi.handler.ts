import { MessagePattern, Payload } from '@nestjs/microservices';
import { CBS_SUBJECTS, SbiIndexQuery, SbiLookupParams, SbiSearchQuery } from '@nl/contracts-cbs';
import { requestScope } from '@nl/platform-context';
import { RpcHandlers } from '@nl/platform-errors';
import { SbiService } from './sbi.service.js';

/** Transport entry points of the SBI capability: validation by DTO, then one call. */
@RpcHandlers()
export class SbiHandler {
  constructor(private readonly sbi: SbiService) {}

  @MessagePattern(CBS_SUBJECTS.index)
  index(@Payload() query: SbiIndexQuery) {
    return this.sbi.index(query, requestScope());
  }

  @MessagePattern(CBS_SUBJECTS.lookup)
  lookup(@Payload() params: SbiLookupParams) {
    return this.sbi.lookup(params.code, params.edition ?? '2025', requestScope());
  }

  @MessagePattern(CBS_SUBJECTS.search)
  search(@Payload() query: SbiSearchQuery) {
    return this.sbi.search(query, requestScope());
  }
}
