import { MessagePattern, Payload } from '@nestjs/microservices';
import { BranchQuery, KVK_SUBJECTS } from '@nl/contracts-kvk';
import { requestScope } from '@nl/platform-context';
import { RpcHandlers } from '@nl/platform-errors';
import { BranchService } from './branch.service.js';

/** Transport entry point of the branch profile: validation by DTO, then one call. */
@RpcHandlers()
export class BranchHandler {
  constructor(private readonly branches: BranchService) {}

  @MessagePattern(KVK_SUBJECTS.branch)
  profile(@Payload() query: BranchQuery) {
    return this.branches.profile(query, requestScope());
  }
}
