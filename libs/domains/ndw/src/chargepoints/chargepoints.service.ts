import { Injectable } from '@nestjs/common';
import { pageMeta, type ReplyEnvelope } from '@nl/contracts-core';
import {
  CHARGEPOINTS_LIST_ENDPOINT,
  type ChargePointsQuery,
  type ChargePointsResponse,
} from '@nl/contracts-ndw';
import { DomainCache, cacheKey, replyEnvelope } from '@nl/platform-cache';
import type { RequestScope } from '@nl/platform-context';
import { NdwDatasets } from '../persistence/ndw-datasets.js';
import { ChargePointsRepository } from './chargepoints.repository.js';

export const CHARGEPOINTS_SOURCE = 'ndw-ocpi';

/** Charge point lists, cached per dataset version and normalised query. */
@Injectable()
export class ChargePointsService {
  constructor(
    private readonly repository: ChargePointsRepository,
    private readonly datasets: NdwDatasets,
    private readonly cache: DomainCache,
  ) {}

  async list(
    query: ChargePointsQuery,
    scope: RequestScope,
  ): Promise<ReplyEnvelope<ChargePointsResponse>> {
    const name = `chargepoints:${this.datasets.version('chargePoints')}:${JSON.stringify(query)}`;
    const cached = await this.cache.through(
      cacheKey(scope, CHARGEPOINTS_LIST_ENDPOINT, name),
      async () => {
        const { items, total } = await this.repository.list(query);
        return { total, results: items, meta: pageMeta(total, query.page, query.per_page) };
      },
    );
    return replyEnvelope(CHARGEPOINTS_SOURCE, cached);
  }
}
