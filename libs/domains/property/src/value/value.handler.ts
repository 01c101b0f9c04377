import { MessagePattern, Payload } from '@nestjs/microservices';
import { PROPERTY_SUBJECTS, WozValueQuery } from '@nl/contracts-property';
import { requestScope } from '@nl/platform-context';
import { RpcHandlers } from '@nl/platform-errors';
import { ValueService } from './value.service.js';

/** Transport entry point for property values: validation by DTO, then one call. */
@RpcHandlers()
export class ValueHandler {
  constructor(private readonly values: ValueService) {}

  @MessagePattern(PROPERTY_SUBJECTS.wozWaarde)
  value(@Payload() query: WozValueQuery) {
    return this.values.value(query, requestScope());
  }
}
