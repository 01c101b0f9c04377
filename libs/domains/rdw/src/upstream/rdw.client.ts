import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { PLATFORM_CONFIG, type PlatformConfig } from '@nl/platform-config';
import { DomainError } from '@nl/platform-errors';
import { HealthRegistry } from '@nl/platform-health';
import { UpstreamClient, UpstreamError, optionalUpstreamHealth } from '@nl/platform-upstream';
import type { SocrataRow } from '../vehicle/rdw.mapper.js';

/** The four datasets of a vehicle, by Socrata id (rdw.md §3). */
export const DATASETS = {
  vehicle: 'm9d7-ebf2',
  fuel: '8ys7-d773',
  body: 'vezc-m2t6',
  axles: '3huj-srit',
} as const;
export type Dataset = keyof typeof DATASETS;

/** One dataset gave no usable answer: the lookup as a whole has none (no half records). */
export class RdwUnavailable extends Error {
  constructor(
    readonly dataset: Dataset,
    readonly reason: string,
  ) {
    super(`RDW dataset ${DATASETS[dataset]} (${dataset}): ${reason}`);
  }
}

/**
 * RDW open data over Socrata's SODA API: `GET /resource/{id}.json?kenteken=X`. Whole rows are
 * asked for (no `$select`), so a column RDW removes can never turn into an HTTP 400; absent
 * columns simply are not in the row. Optional app token in `X-App-Token`.
 */
@Injectable()
export class RdwClient implements OnModuleInit {
  private readonly client: UpstreamClient | null;

  constructor(
    @Inject(PLATFORM_CONFIG) config: PlatformConfig,
    private readonly health: HealthRegistry,
  ) {
    const { url, appToken } = config.upstreams.rdw;
    this.client = url
      ? new UpstreamClient({
          name: 'rdw',
          baseUrl: url,
          timeoutMs: 4_000,
          retries: 1,
          backoffMs: 200,
          headers: appToken ? { 'x-app-token': appToken } : {},
        })
      : null;
  }

  onModuleInit(): void {
    this.health.register(optionalUpstreamHealth('rdw', this.client));
  }

  /** The rows of one plate in one dataset; throws RdwUnavailable when there is no answer. */
  async rows(dataset: Dataset, plate: string): Promise<SocrataRow[]> {
    if (!this.client)
      throw new DomainError(
        'upstream_not_configured',
        'Vehicle lookups need RDW_URL (RDW open data) on this server.',
      );
    let response;
    try {
      response = await this.client.request({
        path: `/resource/${DATASETS[dataset]}.json`,
        query: { kenteken: plate, $limit: 50 },
      });
    } catch (error) {
      if (error instanceof UpstreamError) throw new RdwUnavailable(dataset, error.kind);
      throw error;
    }
    if (response.status !== 200) throw new RdwUnavailable(dataset, `HTTP ${response.status}`);
    if (!Array.isArray(response.body)) throw new RdwUnavailable(dataset, 'not a JSON array');
    return response.body.filter((r): r is SocrataRow => typeof r === 'object' && r !== null);
  }
}
