import { MessagePattern, Payload } from '@nestjs/microservices';
import { PROPERTY_SUBJECTS, PlansQuery } from '@nl/contracts-property';
import { requestScope } from '@nl/platform-context';
import { RpcHandlers } from '@nl/platform-errors';
import { PlansService } from './plans.service.js';

/** Transport entry point for spatial plans: validation by DTO, then one call. */
@RpcHandlers()
export class PlansHandler {
  constructor(private readonly plans: PlansService) {}

  @MessagePattern(PROPERTY_SUBJECTS.plans)
  search(@Payload() query: PlansQuery) {
    return this.plans.search(query, requestScope());
  }
}
