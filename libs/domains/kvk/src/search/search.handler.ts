import { MessagePattern, Payload } from '@nestjs/microservices';
import { CompanySearchQuery, KVK_SUBJECTS } from '@nl/contracts-kvk';
import { requestScope } from '@nl/platform-context';
import { RpcHandlers } from '@nl/platform-errors';
import { SearchService } from './search.service.js';

/** Transport entry point of the company search: validation by DTO, then one call. */
@RpcHandlers()
export class SearchHandler {
  constructor(private readonly searches: SearchService) {}

  @MessagePattern(KVK_SUBJECTS.search)
  search(@Payload() query: CompanySearchQuery) {
    return this.searches.search(query, requestScope());
  }
}
