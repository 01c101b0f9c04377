import { MessagePattern, Payload } from '@nestjs/microservices';
import { PROPERTY_SUBJECTS } from '@nl/contracts-property';
import { RpcHandlers } from '@nl/platform-errors';
import { LookupService } from './lookup.service.js';

/** Transport entry points of the property service: validation by DTO, then one call. */
@RpcHandlers()
export class LookupHandler {
  constructor(private readonly lookups: LookupService) {}

  @MessagePattern(PROPERTY_SUBJECTS.pandgegevens)
  lookup(@Payload() query: Readonly<Record<string, unknown>>) {
    return this.lookups.lookup(String(query['id'] ?? ''));
  }
}
