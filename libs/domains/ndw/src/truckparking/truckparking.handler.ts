import { MessagePattern, Payload } from '@nestjs/microservices';
import { NDW_SUBJECTS, NdwIdParams, TruckParkingQuery } from '@nl/contracts-ndw';
import { requestScope } from '@nl/platform-context';
import { RpcHandlers } from '@nl/platform-errors';
import { TruckParkingService } from './truckparking.service.js';

/** Transport entry points of truck parking: validation by DTO, then one call. */
@RpcHandlers()
export class TruckParkingHandler {
  constructor(private readonly truckParking: TruckParkingService) {}

  @MessagePattern(NDW_SUBJECTS.truckParkingList)
  list(@Payload() query: TruckParkingQuery) {
    return this.truckParking.list(query, requestScope());
  }

  @MessagePattern(NDW_SUBJECTS.truckParkingGet)
  get(@Payload() params: NdwIdParams) {
    return this.truckParking.get(params.id, requestScope());
  }
}
