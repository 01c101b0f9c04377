import { Injectable } from '@nestjs/common';
import { pageMeta, type ReplyEnvelope } from '@nl/contracts-core';
import {
  EMISSIONZONES_GET_ENDPOINT,
  EMISSIONZONES_LIST_ENDPOINT,
  type EmissionZoneDetailResponse,
  type EmissionZonesQuery,
  type EmissionZonesResponse,
} from '@nl/contracts-ndw';
import { DomainCache, replyEnvelope } from '@nl/platform-cache';
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

  async list(query: EmissionZonesQuery): Promise<ReplyEnvelope<EmissionZonesResponse>> {
    const cached = await this.cache.getOrLoad(
      `zones:${this.datasets.version('emissionZones')}:${JSON.stringify(query)}`,
      async () => {
        const { items, total } = await this.repository.list(query);
        return { total, results: items, meta: pageMeta(total, query.page, query.per_page) };
      },
      { ttlMs: EMISSIONZONES_LIST_ENDPOINT.cacheTtlMs },
    );
    return replyEnvelope(ZONES_SOURCE, cached);
  }

  async get(id: string): Promise<ReplyEnvelope<EmissionZoneDetailResponse>> {
    const cached = await this.cache.getOrLoad(
      `zone:${this.datasets.version('emissionZones')}:${id}`,
      async () => (await this.repository.get(id))?.zone ?? null,
      { ttlMs: EMISSIONZONES_GET_ENDPOINT.cacheTtlMs },
    );
    if (!cached.value) throw zoneNotFound(id);
    return replyEnvelope(ZONES_SOURCE, { ...cached, value: { found: true, result: cached.value } });
  }
}

export function zoneNotFound(id: string): DomainError {
  const message = `NDW has no active emission zone ${id}.`;
  return DomainError.notFound({ found: false, result: null, message }, message);
}
