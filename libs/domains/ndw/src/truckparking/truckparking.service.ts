import { Injectable } from '@nestjs/common';
import { pageMeta, type ReplyEnvelope } from '@nl/contracts-core';
import {
  TRUCKPARKING_GET_ENDPOINT,
  TRUCKPARKING_LIST_ENDPOINT,
  type TruckParkingDetailResponse,
  type TruckParkingListResponse,
  type TruckParkingQuery,
} from '@nl/contracts-ndw';
import { DomainCache, cacheKey, replyEnvelope } from '@nl/platform-cache';
import type { RequestScope } from '@nl/platform-context';
import { InjectConfig } from '@nl/platform-config';
import { DomainError } from '@nl/platform-errors';
import { NdwDatasets } from '../persistence/ndw-datasets.js';
import { NDW_CONFIG, type NdwSettings } from '../ndw.config.js';
import { TruckParkingRepository } from './truckparking.repository.js';

const SOURCE = 'ndw-datex-parking';

/** Truck parking list and detail, cached per version of the table and of the status. */
@Injectable()
export class TruckParkingService {
  constructor(
    private readonly repository: TruckParkingRepository,
    private readonly datasets: NdwDatasets,
    private readonly cache: DomainCache,
    @InjectConfig(NDW_CONFIG) private readonly settings: NdwSettings,
  ) {}

  private get version() {
    return this.datasets.version('truckParkingTable', 'truckParkingStatus');
  }

  async list(
    query: TruckParkingQuery,
    scope: RequestScope,
  ): Promise<ReplyEnvelope<TruckParkingListResponse>> {
    const name = `truckparking:${this.version}:${JSON.stringify(query)}`;
    const cached = await this.cache.through(
      cacheKey(scope, TRUCKPARKING_LIST_ENDPOINT, name),
      async () => {
        const { items, total } = await this.repository.list(
          query,
          this.settings.staleStatusSeconds,
        );
        return { total, results: items, meta: pageMeta(total, query.page, query.per_page) };
      },
    );
    return replyEnvelope(SOURCE, cached);
  }

  async get(id: string, scope: RequestScope): Promise<ReplyEnvelope<TruckParkingDetailResponse>> {
    const name = `truckparking-site:${this.version}:${id}`;
    const cached = await this.cache.through(cacheKey(scope, TRUCKPARKING_GET_ENDPOINT, name), () =>
      this.repository.get(id, this.settings.staleStatusSeconds),
    );
    if (!cached.value) {
      const message = `NDW has no truck parking site ${id}.`;
      throw DomainError.notFound({ found: false, result: null, message }, message);
    }
    return replyEnvelope(SOURCE, { ...cached, value: { found: true, result: cached.value } });
  }
}
