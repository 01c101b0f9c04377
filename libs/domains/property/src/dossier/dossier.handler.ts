import { MessagePattern, Payload } from '@nestjs/microservices';
import { PROPERTY_SUBJECTS, PandgegevensQuery } from '@nl/contracts-property';
import { requestScope } from '@nl/platform-context';
import { RpcHandlers } from '@nl/platform-errors';
import { DossierService } from './dossier.service.js';

/** Transport entry point for the combined property dossier: validation by DTO, then one call. */
@RpcHandlers()
export class DossierHandler {
  constructor(private readonly dossiers: DossierService) {}

  @MessagePattern(PROPERTY_SUBJECTS.pandgegevens)
  dossier(@Payload() query: PandgegevensQuery) {
    return this.dossiers.dossier(query, requestScope());
  }
}
