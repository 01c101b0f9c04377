import { MessagePattern, Payload } from '@nestjs/microservices';
import { PlateQuery, RDW_SUBJECTS } from '@nl/contracts-rdw';
import { requestScope } from '@nl/platform-context';
import { RpcHandlers } from '@nl/platform-errors';
import { VehicleService } from './vehicle.service.js';

/** Transport entry points of the RDW service: validation by DTO, then one call. */
@RpcHandlers()
export class VehicleHandler {
  constructor(private readonly vehicles: VehicleService) {}

  @MessagePattern(RDW_SUBJECTS.vehicleLite)
  lite(@Payload() query: PlateQuery) {
    return this.vehicles.lite(query.license_plate, requestScope());
  }

  @MessagePattern(RDW_SUBJECTS.vehicleFull)
  full(@Payload() query: PlateQuery) {
    return this.vehicles.full(query.license_plate, requestScope());
  }
}
