import { MessagePattern, Payload } from '@nestjs/microservices';
import { EmailBody, VALIDATION_SUBJECTS } from '@nl/contracts-validation';
import { requestScope } from '@nl/platform-context';
import { RpcHandlers } from '@nl/platform-errors';
import { EmailService } from './email.service.js';

/** Transport entry point for e-mail addresses: validation by DTO, then one call. */
@RpcHandlers()
export class EmailHandler {
  constructor(private readonly email: EmailService) {}

  @MessagePattern(VALIDATION_SUBJECTS.email)
  checkEmail(@Payload() body: EmailBody) {
    return this.email.validate(body.email, requestScope());
  }
}
