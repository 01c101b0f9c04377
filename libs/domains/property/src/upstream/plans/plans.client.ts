import { Injectable } from '@nestjs/common';
import type { RequestScope } from '@nl/platform-context';
import {
  InjectUpstream,
  Upstream,
  jsonAnswer,
  keyedClient,
  type UpstreamRegistration,
} from '@nl/platform-upstream';
import { PROPERTY_CONFIG, type PropertySettings } from '../../property.config.js';
import { plansRecording } from './plans.recording.js';
import type { RpBestemmingsvlak, RpPage, RpPlan } from './plans.types.js';

/** WGS84 degrees. */
export interface LatLon {
  readonly lat: number;
  readonly lon: number;
}

/**
 * Ruimtelijke Plannen Opvragen API v4 (ruimtelijke-plannen.md): key in `x-api-key`, geometry
 * in and out as ETRS89 lon/lat (`epsg:4258`, within a metre of WGS84). 3 s per attempt, one
 * retry on a 5xx or no answer.
 */
export const PLANS_UPSTREAM: UpstreamRegistration<PropertySettings> = {
  name: 'ruimtelijke-plannen',
  config: PROPERTY_CONFIG,
  client: ({ plans }) =>
    keyedClient(plans, {
      timeoutMs: 3_000,
      headers: (key) => ({
        'x-api-key': key,
        accept: 'application/hal+json',
        'content-crs': 'epsg:4258',
        'accept-crs': 'epsg:4258',
      }),
    }),
  notConfigured:
    'Spatial plans need RUIMTELIJKE_PLANNEN_API_KEY (Ruimtelijke Plannen API v4) on this server.',
  recording: plansRecording(),
};

/** The largest page the API serves (v1: 10, 20, 50 or 100). */
export const PLANS_PAGE_SIZE = 100;
/** A point has tens of plans at most; more pages than this are not read. */
const MAX_PAGES = 3;

const geo = (point: LatLon) => ({
  _geo: { intersects: { type: 'Point', coordinates: [point.lon, point.lat] } },
});

/** HTTP only: the plans at a point, and one plan's bestemmingsvlakken at it. */
@Injectable()
export class PlansClient {
  constructor(@InjectUpstream('ruimtelijke-plannen') private readonly upstream: Upstream) {}

  /** Every plan whose area contains the point (all types and statuses; up to 300). */
  async plansAt(point: LatLon, scope: RequestScope): Promise<RpPlan[]> {
    const plans: RpPlan[] = [];
    for (let page = 1; page <= MAX_PAGES; page++) {
      const answer = await this.search<'plannen', RpPlan>('/plannen/_zoek', point, page, scope);
      plans.push(...(answer._embedded?.plannen ?? []));
      if (!answer._links?.next) break;
    }
    return plans;
  }

  /** The bestemmingsvlakken of a plan at the point (enkel- and dubbelbestemmingen). */
  async vlakkenAt(
    planId: string,
    point: LatLon,
    scope: RequestScope,
  ): Promise<readonly RpBestemmingsvlak[]> {
    const answer = await this.search<'bestemmingsvlakken', RpBestemmingsvlak>(
      `/plannen/${encodeURIComponent(planId)}/bestemmingsvlakken/_zoek`,
      point,
      1,
      scope,
    );
    return answer._embedded?.bestemmingsvlakken ?? [];
  }

  private async search<K extends string, T>(
    path: string,
    point: LatLon,
    page: number,
    scope: RequestScope,
  ): Promise<RpPage<K, T>> {
    const response = await this.upstream.request<RpPage<K, T> | null>(
      { method: 'POST', path, query: { page, pageSize: PLANS_PAGE_SIZE }, json: geo(point) },
      scope,
    );
    return jsonAnswer('ruimtelijke-plannen', 'The Ruimtelijke Plannen API', response);
  }
}
