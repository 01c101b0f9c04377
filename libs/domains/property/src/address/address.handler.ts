import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  AddressSuggestQuery,
  BagIdQuery,
  NearbyQuery,
  PROPERTY_SUBJECTS,
} from '@nl/contracts-property';
import { requestScope } from '@nl/platform-context';
import { RpcHandlers } from '@nl/platform-errors';
import { AddressService } from './address.service.js';

/** Transport entry points for addresses: validation by DTO, then one call. */
@RpcHandlers()
export class AddressHandler {
  constructor(private readonly addresses: AddressService) {}

  @MessagePattern(PROPERTY_SUBJECTS.addressSuggest)
  suggest(@Payload() query: AddressSuggestQuery) {
    return this.addresses.suggest(query.q, query.limit, requestScope());
  }

  @MessagePattern(PROPERTY_SUBJECTS.addressNearby)
  nearby(@Payload() query: NearbyQuery) {
    const { lat, lon, limit } = query;
    return this.addresses.nearby({ lat, lon }, limit, requestScope());
  }

  @MessagePattern(PROPERTY_SUBJECTS.bagById)
  byId(@Payload() query: BagIdQuery) {
    return this.addresses.byId(query.id, requestScope());
  }
}
