import { Injectable } from '@nestjs/common';
import type { ReplyEnvelope } from '@nl/contracts-core';
import { PANDGEGEVENS_GET_ENDPOINT } from '@nl/contracts-property';
import { DomainCache, replyEnvelope } from '@nl/platform-cache';
import { DomainError } from '@nl/platform-errors';
import { PropertyClient, PropertyUnavailable } from '../upstream/property/property.client.js';
import { toPropertyRecord } from '../upstream/property/property.mapper.js';
import type { PropertyRecord } from '../upstream/property/property.types.js';

const SOURCE = 'property';
/** How long past its TTL a record may stand in when the upstream fails (stale-if-error). */
const STALE_MS = 86_400_000;

/** Records by id through the cache; the upstream is asked once per id per TTL. */
@Injectable()
export class LookupService {
  constructor(
    private readonly client: PropertyClient,
    private readonly cache: DomainCache,
  ) {}

  async lookup(id: string): Promise<ReplyEnvelope<PropertyRecord>> {
    let cached;
    try {
      cached = await this.cache.getOrLoad(`record:${id}`, () => this.client.record(id), {
        ttlMs: PANDGEGEVENS_GET_ENDPOINT.cacheTtlMs,
        staleMs: STALE_MS,
        serveStaleOn: (e) => e instanceof PropertyUnavailable,
      });
    } catch (error) {
      if (error instanceof PropertyUnavailable)
        throw new DomainError('upstream_unavailable', `${error.message}; try again shortly.`, {
          retryAfterSeconds: 60,
          details: { upstream: SOURCE },
        });
      throw error;
    }
    if (!cached.value) throw DomainError.notFound({ found: false, id }, `No record ${id}.`);
    return replyEnvelope(SOURCE, { ...cached, value: toPropertyRecord(cached.value) });
  }
}
