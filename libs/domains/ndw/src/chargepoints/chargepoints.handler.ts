import { MessagePattern, Payload } from '@nestjs/microservices';
import { ChargePointsQuery, NDW_SUBJECTS } from '@nl/contracts-ndw';
import { requestScope } from '@nl/platform-context';
import { RpcHandlers } from '@nl/platform-errors';
import { ChargePointsService } from './chargepoints.service.js';

/** Transport entry point of the charge point list: validation by DTO, then one call. */
@RpcHandlers()
export class ChargePointsHandler {
  constructor(private readonly chargePoints: ChargePointsService) {}

  @MessagePattern(NDW_SUBJECTS.chargePoints)
  list(@Payload() query: ChargePointsQuery) {
    return this.chargePoints.list(query, requestScope());
  }
}
