import { Injectable } from '@nestjs/common';
import type { ReplyEnvelope } from '@nl/contracts-core';
import {
  PLANS_SEARCH_ENDPOINT,
  type PlansQuery,
  type PlansResponse,
  type SpatialPlanning,
} from '@nl/contracts-property';
import { DomainCache, cacheKey, replyEnvelope, type Cached } from '@nl/platform-cache';
import type { RequestScope } from '@nl/platform-context';
import { DomainError } from '@nl/platform-errors';
import { AddressResolver } from '../address/address-resolver.js';
import { pointOf } from '../upstream/pdok/pdok.mapper.js';
import type { PdokDoc } from '../upstream/pdok/pdok.types.js';
import { PlansClient, type LatLon } from '../upstream/plans/plans.client.js';
import {
  currentPlans,
  enkelbestemming,
  toPlanItem,
  toSpatialPlanning,
  zoningPlan,
} from '../upstream/plans/plans.mapper.js';
import type { RpBestemmingsvlak, RpPlan } from '../upstream/plans/plans.types.js';

/** The cache form of a point: six decimals (about 0.1 m). */
const pointKey = (point: LatLon) => `${point.lat.toFixed(6)},${point.lon.toFixed(6)}`;

/** The point of a PDOK address document, or null when it has no centroid. */
export function pointOfDoc(doc: PdokDoc): LatLon | null {
  const { lat, lon } = pointOf(doc.centroide_ll);
  return lat === null || lon === null ? null : { lat, lon };
}

/**
 * Spatial plans at a point (Ruimtelijke Plannen v4): `GET /v1/dso/plans`, and the dossier's
 * `spatial_planning`. The plans at a point are one cache entry, shared by both; a plan's
 * bestemmingsvlakken at the point another; both by the dso/plans row's policy.
 */
@Injectable()
export class PlansService {
  constructor(
    private readonly client: PlansClient,
    private readonly addresses: AddressResolver,
    private readonly cache: DomainCache,
  ) {}

  async search(query: PlansQuery, scope: RequestScope): Promise<ReplyEnvelope<PlansResponse>> {
    const point =
      query.lat !== undefined && query.lon !== undefined
        ? { lat: query.lat, lon: query.lon }
        : await this.pointOfAddress(query.postcode as string, query.huisnummer as number, scope);
    const cached = await this.plansAt(point, scope);
    return replyEnvelope('ruimtelijke-plannen', {
      ...cached,
      value: { _embedded: { plannen: currentPlans(cached.value).map(toPlanItem) } },
    });
  }

  /**
   * The zoning plan in force at the point with its enkelbestemming there; null when no zoning
   * plan covers it. Fails with the API's coded error.
   */
  async zoningAt(point: LatLon, scope: RequestScope): Promise<SpatialPlanning | null> {
    const plan = zoningPlan((await this.plansAt(point, scope)).value);
    if (!plan) return null;
    const vlakken = await this.cache.through<readonly RpBestemmingsvlak[]>(
      cacheKey(scope, PLANS_SEARCH_ENDPOINT, `vlakken:${plan.id}:${pointKey(point)}`),
      () => this.client.vlakkenAt(plan.id, point, scope),
    );
    return toSpatialPlanning(plan, enkelbestemming(vlakken.value));
  }

  private plansAt(point: LatLon, scope: RequestScope): Promise<Cached<RpPlan[]>> {
    return this.cache.through(
      cacheKey(scope, PLANS_SEARCH_ENDPOINT, `plans:${pointKey(point)}`),
      () => this.client.plansAt(point, scope),
    );
  }

  private async pointOfAddress(
    postcode: string,
    houseNumber: number,
    scope: RequestScope,
  ): Promise<LatLon> {
    const doc = await this.addresses.atNumber(postcode, houseNumber, scope);
    const point = pointOfDoc(doc);
    if (!point)
      throw new DomainError(
        'not_found',
        `The address register has no location for ${postcode} ${houseNumber}.`,
      );
    return point;
  }
}
