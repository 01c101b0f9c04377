import { Injectable } from '@nestjs/common';
import {
  InjectUpstream,
  Upstream,
  UpstreamError,
  type UpstreamRegistration,
} from '@nl/platform-upstream';
import { PROPERTY_CONFIG, type PropertySettings } from '../../property.config.js';
import { propertyRecording } from './property.recording.js';
import type { RawPropertyRecord } from './property.types.js';

/** The property upstream: 4 s per attempt, one retry. TODO: its real limits. */
export const PROPERTY_UPSTREAM: UpstreamRegistration<PropertySettings> = {
  name: 'property',
  config: PROPERTY_CONFIG,
  // TODO: an upstream that needs a key is configured only with one (url && apiKey ? … : null),
  // so until the key is set the answer is 503 (not configured), never a fake answer.
  client: ({ url, apiKey }) =>
    url
      ? {
          baseUrl: url,
          timeoutMs: 4_000,
          retries: 1,
          backoffMs: 200,
          headers: apiKey ? { 'x-api-key': apiKey } : undefined,
        }
      : null,
  notConfigured: 'Property lookups need PROPERTY_URL on this server.',
  recording: propertyRecording(),
};

/** The upstream gave no usable answer. */
export class PropertyUnavailable extends Error {}

/** HTTP only: one request per record. TODO: the upstream's real path and query. */
@Injectable()
export class PropertyClient {
  constructor(@InjectUpstream('property') private readonly upstream: Upstream) {}

  /** The raw record, null when the upstream has none; throws PropertyUnavailable otherwise. */
  async record(id: string): Promise<RawPropertyRecord | null> {
    let response;
    try {
      response = await this.upstream.request<RawPropertyRecord>({
        path: `/records/${encodeURIComponent(id)}`,
      });
    } catch (error) {
      if (error instanceof UpstreamError)
        throw new PropertyUnavailable(`property upstream: ${error.kind}`);
      throw error;
    }
    if (response.status === 404) return null;
    if (response.status !== 200 || typeof response.body !== 'object' || response.body === null)
      throw new PropertyUnavailable(`property upstream: HTTP ${response.status}`);
    return response.body;
  }
}
