import { Injectable } from '@nestjs/common';
import type { RequestScope } from '@nl/platform-context';
import { DomainError } from '@nl/platform-errors';
import {
  InjectUpstream,
  Upstream,
  UpstreamError,
  type UpstreamRegistration,
} from '@nl/platform-upstream';
import { RDW_CONFIG, type RdwSettings } from '../../rdw.config.js';
import { rdwRecording } from './rdw.recording.js';
import { DATASETS, type Dataset, type SocrataRow } from './rdw.types.js';

/** RDW open data: 4 s per attempt, one retry; the optional app token gets its own rate pool. */
export const RDW_UPSTREAM: UpstreamRegistration<RdwSettings> = {
  name: 'rdw',
  config: RDW_CONFIG,
  client: ({ url, appToken }) =>
    url
      ? {
          baseUrl: url,
          timeoutMs: 4_000,
          retries: 1,
          backoffMs: 200,
          headers: appToken ? { 'x-app-token': appToken } : undefined,
        }
      : null,
  notConfigured: 'Vehicle lookups need RDW_URL (RDW open data) on this server.',
  recording: rdwRecording(),
};

/**
 * One dataset gave no usable answer: the lookup as a whole has none (no half records). A cached
 * record may stand in; else the caller is told which dataset failed.
 */
export class RdwUnavailable extends UpstreamError {
  constructor(
    readonly dataset: Dataset,
    /** `timeout` when RDW did not answer in time; else why there was no usable answer. */
    readonly reason: string,
  ) {
    super(
      'rdw',
      reason === 'timeout' ? 'timeout' : 'unavailable',
      `RDW dataset ${DATASETS[dataset]} (${dataset}): ${reason}`,
    );
    this.name = 'RdwUnavailable';
  }

  override toDomainError(): DomainError {
    return new DomainError(
      this.kind === 'timeout' ? 'upstream_timeout' : 'upstream_unavailable',
      `RDW open data did not answer completely (${this.message}); try again shortly.`,
      { retryAfterSeconds: 60, details: { upstream: 'rdw', dataset: this.dataset } },
    );
  }
}

/**
 * RDW open data over Socrata's SODA API: `GET /resource/{id}.json?kenteken=X`. Whole rows are
 * asked for (no `$select`), so a column RDW removes can never turn into an HTTP 400; absent
 * columns simply are not in the row.
 */
@Injectable()
export class RdwClient {
  constructor(@InjectUpstream('rdw') private readonly upstream: Upstream) {}

  /** The rows of one plate in one dataset; throws RdwUnavailable when there is no answer. */
  async rows(dataset: Dataset, plate: string, scope: RequestScope): Promise<SocrataRow[]> {
    let response;
    try {
      response = await this.upstream.request(
        { path: `/resource/${DATASETS[dataset]}.json`, query: { kenteken: plate, $limit: 50 } },
        scope,
      );
    } catch (error) {
      if (error instanceof UpstreamError) throw new RdwUnavailable(dataset, error.kind);
      throw error;
    }
    if (response.status !== 200) throw new RdwUnavailable(dataset, `HTTP ${response.status}`);
    if (!Array.isArray(response.body)) throw new RdwUnavailable(dataset, 'not a JSON array');
    return response.body.filter((r): r is SocrataRow => typeof r === 'object' && r !== null);
  }
}
