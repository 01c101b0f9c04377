import { Injectable } from '@nestjs/common';
import type { ReplyEnvelope } from '@nl/contracts-core';
import {
  VEHICLE_FULL_ENDPOINT,
  VEHICLE_LITE_ENDPOINT,
  type VehicleFullNotFound,
  type VehicleFullResponse,
  type VehicleLiteResponse,
  type VehicleNotFound,
} from '@nl/contracts-rdw';
import { DomainCache, replyEnvelope } from '@nl/platform-cache';
import { DomainError } from '@nl/platform-errors';
import { RdwClient, RdwUnavailable } from '../upstream/rdw/rdw.client.js';
import { toCompliance, toFullVehicle, toLiteVehicle, toRaw } from '../upstream/rdw/rdw.mapper.js';
import type { Dataset, RdwRows } from '../upstream/rdw/rdw.types.js';

const SOURCE = 'rdw';
/** How long past its TTL a record may stand in when RDW fails (stale-if-error). */
const STALE_MS = 7 * 86_400_000;

/**
 * Vehicle records by plate. The datasets of a lookup are asked in parallel (lite: vehicle and
 * fuel; full: all four); if any fails the lookup fails as a whole, so no half record is ever
 * answered or cached: the caller gets the stale copy or a 503. Cached 24 hours per plate;
 * concurrent identical misses share one round of upstream calls (the cache's single-flight).
 */
@Injectable()
export class VehicleService {
  constructor(
    private readonly rdw: RdwClient,
    private readonly cache: DomainCache,
  ) {}

  async lite(plate: string): Promise<ReplyEnvelope<VehicleLiteResponse>> {
    const cached = await this.load(
      `lite:${plate}`,
      plate,
      ['vehicle', 'fuel'],
      VEHICLE_LITE_ENDPOINT,
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

  async full(plate: string): Promise<ReplyEnvelope<VehicleFullResponse>> {
    const datasets = ['vehicle', 'fuel', 'body', 'axles'] as const;
    const cached = await this.load(`full:${plate}`, plate, datasets, VEHICLE_FULL_ENDPOINT, {
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
   * The raw rows through the cache; throws 404 with the endpoint's own `notFound` body (its
   * envelope's members, nothing found) for an unknown plate, 503 without an answer.
   */
  private async load(
    key: string,
    plate: string,
    datasets: readonly Dataset[],
    endpoint: { readonly cacheTtlMs: number },
    notFound: VehicleNotFound | VehicleFullNotFound,
  ) {
    let cached;
    try {
      cached = await this.cache.getOrLoad(key, () => this.fetch(plate, datasets), {
        ttlMs: endpoint.cacheTtlMs,
        staleMs: STALE_MS,
        serveStaleOn: (e) => e instanceof RdwUnavailable,
      });
    } catch (error) {
      if (error instanceof RdwUnavailable)
        throw new DomainError(
          error.reason === 'timeout' ? 'upstream_timeout' : 'upstream_unavailable',
          `RDW open data did not answer completely (${error.message}); try again shortly.`,
          { retryAfterSeconds: 60, details: { upstream: 'rdw', dataset: error.dataset } },
        );
      throw error;
    }
    if (!cached.value)
      throw DomainError.notFound(notFound, `The plate ${plate} is not in the RDW registry.`);
    return { ...cached, value: cached.value };
  }

  /** One round: every dataset in parallel. Null (cached too) when the registry has no such plate. */
  private async fetch(plate: string, datasets: readonly Dataset[]): Promise<RdwRows | null> {
    const results = await Promise.all(datasets.map((d) => this.rdw.rows(d, plate)));
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
