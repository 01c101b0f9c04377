import { MessagePattern, Payload } from '@nestjs/microservices';
import { DisposableEmailBody, VALIDATION_SUBJECTS } from '@nl/contracts-validation';
import { RpcHandlers } from '@nl/platform-errors';
import { DisposableService } from './disposable.service.js';

/** Transport entry point for disposable-domain checks: validation by DTO, then one call. */
@RpcHandlers()
export class DisposableHandler {
  constructor(private readonly disposable: DisposableService) {}

  @MessagePattern(VALIDATION_SUBJECTS.disposable)
  checkDisposable(@Payload() body: DisposableEmailBody) {
    return this.disposable.check(body.email);
  }
}
