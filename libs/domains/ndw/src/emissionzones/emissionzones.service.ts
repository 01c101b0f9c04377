import { Injectable } from '@nestjs/common';
import { pageMeta, type ReplyEnvelope } from '@nl/contracts-core';
import {
  EMISSIONZONES_GET_ENDPOINT,
  EMISSIONZONES_LIST_ENDPOINT,
  type EmissionZoneDetailResponse,
  type EmissionZonesQuery,
  type EmissionZonesResponse,
} from '@nl/contracts-ndw';
import { DomainCache, cacheKey, replyEnvelope } from '@nl/platform-cache';
import type { RequestScope } from '@nl/platform-context';
import { DomainError } from '@nl/platform-errors';
import { NdwDatasets } from '../persistence/ndw-datasets.js';
import { EmissionZonesRepository } from './emissionzones.repository.js';

export const ZONES_SOURCE = 'ndw-datex-zones';

/** The emission-zone list and detail, cached per version of the zone file. */
@Injectable()
export class EmissionZonesService {
  constructor(
    private readonly repository: EmissionZonesRepository,
    private readonly datasets: NdwDatasets,
    private readonly cache: DomainCache,
  ) {}

  async list(
    query: EmissionZonesQuery,
    scope: RequestScope,
  ): Promise<ReplyEnvelope<EmissionZonesResponse>> {
    const name = `zones:${this.datasets.version('emissionZones')}:${JSON.stringify(query)}`;
    const cached = await this.cache.through(
      cacheKey(scope, EMISSIONZONES_LIST_ENDPOINT, name),
      async () => {
        const { items, total } = await this.repository.list(query);
        return { total, results: items, meta: pageMeta(total, query.page, query.per_page) };
      },
    );
    return replyEnvelope(ZONES_SOURCE, cached);
  }

  async get(id: string, scope: RequestScope): Promise<ReplyEnvelope<EmissionZoneDetailResponse>> {
    const name = `zone:${this.datasets.version('emissionZones')}:${id}`;
    const cached = await this.cache.through(
      cacheKey(scope, EMISSIONZONES_GET_ENDPOINT, name),
      async () => (await this.repository.get(id))?.zone ?? null,
    );
    if (!cached.value) throw zoneNotFound(id);
    return replyEnvelope(ZONES_SOURCE, { ...cached, value: { found: true, result: cached.value } });
  }
}

export function zoneNotFound(id: string): DomainError {
  const message = `NDW has no active emission zone ${id}.`;
  return DomainError.notFound({ found: false, result: null, message }, message);
}
