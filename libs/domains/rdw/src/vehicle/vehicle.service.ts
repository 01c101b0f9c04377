import { Injectable } from '@nestjs/common';
import type { CachePolicy, ReplyEnvelope } from '@nl/contracts-core';
import {
  VEHICLE_FULL_ENDPOINT,
  VEHICLE_LITE_ENDPOINT,
  type VehicleFullNotFound,
  type VehicleFullResponse,
  type VehicleLiteResponse,
  type VehicleNotFound,
} from '@nl/contracts-rdw';
import { DomainCache, cacheKey, replyEnvelope } from '@nl/platform-cache';
import type { RequestScope } from '@nl/platform-context';
import { DomainError } from '@nl/platform-errors';
import { RdwClient } from '../upstream/rdw/rdw.client.js';
import { toCompliance, toFullVehicle, toLiteVehicle, toRaw } from '../upstream/rdw/rdw.mapper.js';
import type { Dataset, RdwRows } from '../upstream/rdw/rdw.types.js';

const SOURCE = 'rdw';

/**
 * Vehicle records by plate. The datasets of a lookup are asked in parallel (lite: vehicle and
 * fuel; full: all four); if any fails the lookup fails as a whole, so no half record is ever
 * answered or cached: the caller gets the stale copy or a 503. Cached per plate by the
 * endpoint's row; concurrent identical misses share one round of upstream calls (the cache's single-flight).
 */
@Injectable()
export class VehicleService {
  constructor(
    private readonly rdw: RdwClient,
    private readonly cache: DomainCache,
  ) {}

  async lite(plate: string, scope: RequestScope): Promise<ReplyEnvelope<VehicleLiteResponse>> {
    const cached = await this.load(
      scope,
      VEHICLE_LITE_ENDPOINT,
      `lite:${plate}`,
      plate,
      ['vehicle', 'fuel'],
      {
        found: false,
        license_plate: plate,
        vehicle: null,
        compliance: null,
        error: 'not_found',
      },
    );
    const rows = cached.value;
    return replyEnvelope(SOURCE, {
      ...cached,
      value: {
        found: true,
        license_plate: plate,
        vehicle: toLiteVehicle(rows),
        compliance: toCompliance(rows),
        error: null,
      },
    });
  }

  async full(plate: string, scope: RequestScope): Promise<ReplyEnvelope<VehicleFullResponse>> {
    const datasets = ['vehicle', 'fuel', 'body', 'axles'] as const;
    const name = `full:${plate}`;
    const cached = await this.load(scope, VEHICLE_FULL_ENDPOINT, name, plate, datasets, {
      found: false,
      license_plate: plate,
      vehicle: null,
      compliance: null,
      rdw: null,
    });
    const rows = cached.value;
    return replyEnvelope(SOURCE, {
      ...cached,
      value: {
        found: true,
        license_plate: plate,
        vehicle: toFullVehicle(rows),
        compliance: toCompliance(rows),
        rdw: toRaw(rows),
      },
    });
  }

  /**
   * The raw rows through the cache entry `name`, by the endpoint row's `policy`; throws 404
   * with the endpoint's own `notFound` body (its envelope's members, nothing found) for an
   * unknown plate, 503 without an answer.
   */
  private async load(
    scope: RequestScope,
    policy: CachePolicy,
    name: string,
    plate: string,
    datasets: readonly Dataset[],
    notFound: VehicleNotFound | VehicleFullNotFound,
  ) {
    const cached = await this.cache.through(cacheKey(scope, policy, name), () =>
      this.fetch(plate, datasets, scope),
    );
    if (!cached.value)
      throw DomainError.notFound(notFound, `The plate ${plate} is not in the RDW registry.`);
    return { ...cached, value: cached.value };
  }

  /** One round: every dataset in parallel. Null (cached too) when the registry has no such plate. */
  private async fetch(
    plate: string,
    datasets: readonly Dataset[],
    scope: RequestScope,
  ): Promise<RdwRows | null> {
    const results = await Promise.all(datasets.map((d) => this.rdw.rows(d, plate, scope)));
    const byName = Object.fromEntries(datasets.map((d, i) => [d, results[i]]));
    const vehicle = byName['vehicle']?.[0];
    if (!vehicle) return null;
    return {
      vehicle,
      fuel: byName['fuel'] ?? [],
      ...(byName['body'] && { body: byName['body'] }),
      ...(byName['axles'] && { axles: byName['axles'] }),
    };
  }
}
