import { MessagePattern, Payload } from '@nestjs/microservices';
import { EmissionZonesQuery, NDW_SUBJECTS, NdwIdParams } from '@nl/contracts-ndw';
import { requestScope } from '@nl/platform-context';
import { RpcHandlers } from '@nl/platform-errors';
import { EmissionZonesService } from './emissionzones.service.js';

/** Transport entry points of the emission zones: validation by DTO, then one call. */
@RpcHandlers()
export class EmissionZonesHandler {
  constructor(private readonly zones: EmissionZonesService) {}

  @MessagePattern(NDW_SUBJECTS.emissionZonesList)
  list(@Payload() query: EmissionZonesQuery) {
    return this.zones.list(query, requestScope());
  }

  @MessagePattern(NDW_SUBJECTS.emissionZonesGet)
  get(@Payload() params: NdwIdParams) {
    return this.zones.get(params.id, requestScope());
  }
}
