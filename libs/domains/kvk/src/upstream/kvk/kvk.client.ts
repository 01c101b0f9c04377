import { Injectable } from '@nestjs/common';
import type { RequestScope } from '@nl/platform-context';
import { DomainError } from '@nl/platform-errors';
import {
  InjectUpstream,
  Upstream,
  UpstreamError,
  type UpstreamRegistration,
} from '@nl/platform-upstream';
import { KVK_CONFIG, type KvkSettings } from '../../kvk.config.js';
import { kvkRecording } from './kvk.recording.js';
import type { RawKvkBranch, RawKvkError, RawKvkProfile, RawKvkSearch } from './kvk.types.js';

/** KVK Zoeken's parameters (its names), as the search sends them. */
export type KvkSearchParams = Readonly<Record<string, string | number | readonly string[]>>;

/** The parameter of ours a search refusal of KVK names, by its code; the search as a whole else. */
const SEARCH_FIELDS: Readonly<Record<string, string>> = {
  IPD0004: 'kvk_number',
  IPD0006: 'branch_number',
  IPD0010: 'rsin',
  IPD5203: 'type',
};

/**
 * The KVK APIs: 4 s per attempt, one retry. Configured only with a key, so until KVK_API_KEY is
 * set live calls answer 503 (not configured), never test-environment data.
 */
export const KVK_UPSTREAM: UpstreamRegistration<KvkSettings> = {
  name: 'kvk',
  config: KVK_CONFIG,
  client: ({ url, apiKey }) =>
    url && apiKey
      ? { baseUrl: url, timeoutMs: 4_000, retries: 1, backoffMs: 200, headers: { apikey: apiKey } }
      : null,
  notConfigured: 'Company lookups need KVK_API_KEY (a KVK API subscription) on this server.',
  recording: kvkRecording(),
};

const errorCode = (body: unknown) => (body as RawKvkError | null)?.fout?.[0]?.code ?? 'none';
const errorText = (body: unknown) => (body as RawKvkError | null)?.fout?.[0]?.omschrijving ?? '';

/**
 * Basisprofiel and Vestigingsprofiel by number, and Zoeken. Every documented KVK answer has its
 * outcome: 200 the profile or the page of hits; 404 (IPD0005, IPD0007: unknown or not
 * deliverable; IPD5200: no hits) null; 400 (IPD0004,
 * IPD0006, …) a field error; 401/403/406 (our key or request refused) 502; 429 and 5xx
 * (IPD1002/IPD1003 data temporarily unavailable, IPD9999) an {@link UpstreamError}, like no
 * answer at all: the platform's mapping makes it 503 (504 for a timeout).
 */
@Injectable()
export class KvkClient {
  constructor(@InjectUpstream('kvk') private readonly upstream: Upstream) {}

  profile(kvkNummer: string, scope: RequestScope): Promise<RawKvkProfile | null> {
    return this.get<RawKvkProfile>(`/v1/basisprofielen/${kvkNummer}`, 'companyNumber', scope);
  }

  branch(vestigingsnummer: string, scope: RequestScope): Promise<RawKvkBranch | null> {
    return this.get<RawKvkBranch>(
      `/v1/vestigingsprofielen/${vestigingsnummer}`,
      'vestigingsnummer',
      scope,
    );
  }

  search(params: KvkSearchParams, scope: RequestScope): Promise<RawKvkSearch | null> {
    return this.get<RawKvkSearch>(
      '/v2/zoeken',
      (code) => SEARCH_FIELDS[code] ?? 'search',
      scope,
      params,
    );
  }

  private async get<T>(
    path: string,
    field: string | ((code: string) => string),
    scope: RequestScope,
    query?: KvkSearchParams,
  ): Promise<T | null> {
    const { status, body } = await this.upstream.request<T>({ path, query }, scope);
    if (status === 200 && typeof body === 'object' && body !== null) return body;
    if (status === 404) return null;
    if (status === 400)
      throw DomainError.validation([
        {
          field: typeof field === 'string' ? field : field(errorCode(body)),
          message: `KVK refused the ${query ? 'search' : 'number'} (${errorCode(body)}): ${errorText(body)}`,
        },
      ]);
    if (status === 429 || status >= 500)
      throw new UpstreamError(
        'kvk',
        'unavailable',
        `KVK answered HTTP ${status} (${errorCode(body)})`,
      );
    throw new DomainError('upstream_bad_response', `KVK refused the request (HTTP ${status}).`, {
      details: { upstream: 'kvk', status, code: errorCode(body) },
    });
  }
}
