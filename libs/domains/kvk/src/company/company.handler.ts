import { MessagePattern, Payload } from '@nestjs/microservices';
import { CompanyQuery, KVK_SUBJECTS } from '@nl/contracts-kvk';
import { requestScope } from '@nl/platform-context';
import { RpcHandlers } from '@nl/platform-errors';
import { CompanyService } from './company.service.js';

/** Transport entry point of the company base profile: validation by DTO, then one call. */
@RpcHandlers()
export class CompanyHandler {
  constructor(private readonly companies: CompanyService) {}

  @MessagePattern(KVK_SUBJECTS.company)
  profile(@Payload() query: CompanyQuery) {
    return this.companies.profile(query, requestScope());
  }
}
