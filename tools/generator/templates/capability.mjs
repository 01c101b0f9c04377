// The domain's one capability to begin with, `lookup`: its transport handler and its service.
// `c` says what the contracts offer: `query` (a request DTO, or null when the contracts have none
// yet), `subject` and `endpoint` (the constants the capability serves).

/** libs/domains/<name>/src/lookup: the handler (one subject) and the service behind it. */
export function capabilityFiles(n, c) {
  const src = `libs/domains/${n.name}/src`;
  const payloadType = c.query ?? 'Readonly<Record<string, unknown>>';
  const idOf = c.query ? 'query.id' : "String(query['id'] ?? '')";
  return {
    [`${src}/lookup/lookup.handler.ts`]: `import { MessagePattern, Payload } from '@nestjs/microservices';
import { ${[n.NAME + '_SUBJECTS', c.query].filter(Boolean).join(', ')} } from '@nl/contracts-${n.name}';
import { requestScope } from '@nl/platform-context';
import { RpcHandlers } from '@nl/platform-errors';
import { LookupService } from './lookup.service.js';

/** Transport entry points of the ${n.name} service: validation by DTO, then one call. */
@RpcHandlers()
export class LookupHandler {
  constructor(private readonly lookups: LookupService) {}

  @MessagePattern(${n.NAME}_SUBJECTS.${c.subject})
  lookup(@Payload() query: ${payloadType}) {
    return this.lookups.lookup(${idOf}, requestScope());
  }
}
`,
    [`${src}/lookup/lookup.service.ts`]: `import { Injectable } from '@nestjs/common';
import type { ReplyEnvelope } from '@nl/contracts-core';
import { ${c.endpoint} } from '@nl/contracts-${n.name}';
import { DomainCache, cacheKey, replyEnvelope } from '@nl/platform-cache';
import type { RequestScope } from '@nl/platform-context';
import { DomainError } from '@nl/platform-errors';
import { ${n.Name}Client } from '../upstream/${n.name}/${n.name}.client.js';
import { to${n.Name}Record } from '../upstream/${n.name}/${n.name}.mapper.js';
import type { ${n.Name}Record } from '../upstream/${n.name}/${n.name}.types.js';

const SOURCE = '${n.name}';

/**
 * Records by id through the cache, by the endpoint row's policy: the upstream is asked once per
 * id per TTL. When it gives no usable answer (an UpstreamError) the last copy stands in within
 * the row's stale-if-error window; without one the platform's mapping answers 503 (504 for a
 * timeout) with Retry-After, as every domain does.
 */
@Injectable()
export class LookupService {
  constructor(
    private readonly client: ${n.Name}Client,
    private readonly cache: DomainCache,
  ) {}

  async lookup(id: string, scope: RequestScope): Promise<ReplyEnvelope<${n.Name}Record>> {
    const cached = await this.cache.through(
      cacheKey(scope, ${c.endpoint}, \`record:\${id}\`),
      () => this.client.record(id, scope),
    );
    if (!cached.value) throw DomainError.notFound({ found: false, id }, \`No record \${id}.\`);
    return replyEnvelope(SOURCE, { ...cached, value: to${n.Name}Record(cached.value) });
  }
}
`,
  };
}
