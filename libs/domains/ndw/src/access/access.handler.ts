import { MessagePattern, Payload } from '@nestjs/microservices';
import { NDW_SUBJECTS, ZoneAccessQuery } from '@nl/contracts-ndw';
import { requestScope } from '@nl/platform-context';
import { RpcHandlers } from '@nl/platform-errors';
import { AccessService } from './access.service.js';

/** Transport entry point of the zone access check: validation by DTO, then one call. */
@RpcHandlers()
export class AccessHandler {
  constructor(private readonly access: AccessService) {}

  @MessagePattern(NDW_SUBJECTS.emissionZoneAccess)
  check(@Payload() query: ZoneAccessQuery) {
    return this.access.check(query, requestScope());
  }
}
