import { Injectable } from '@nestjs/common';
import type { RequestScope } from '@nl/platform-context';
import {
  InjectUpstream,
  Upstream,
  jsonAnswer,
  type UpstreamRegistration,
} from '@nl/platform-upstream';
import { PROPERTY_CONFIG, type PropertySettings } from '../../property.config.js';
import { bagRecording } from './bag.recording.js';
import type { BagAddress, BagVerblijfsobjectAnswer } from './bag.types.js';

/**
 * The BAG API: configured only with a key (no test environment exists any more; 50 calls a
 * second and 50,000 a day per key). 2 s per attempt, one retry, so the two calls of an address
 * stay inside the 10 s of the endpoint. Geometry answers need `Accept-Crs` (RD New only).
 */
export const BAG_UPSTREAM: UpstreamRegistration<PropertySettings> = {
  name: 'bag',
  config: PROPERTY_CONFIG,
  client: ({ bag }) =>
    bag.url && bag.apiKey
      ? {
          baseUrl: bag.url,
          timeoutMs: 2_000,
          retries: 1,
          backoffMs: 100,
          headers: {
            'x-api-key': bag.apiKey,
            accept: 'application/hal+json',
            'accept-crs': 'epsg:28992',
          },
        }
      : null,
  notConfigured: 'The BAG API needs BAG_API_KEY on this server.',
  recording: bagRecording(),
};

/** HTTP only: an address (extended) and a verblijfsobject by id; null when BAG has none. */
@Injectable()
export class BagClient {
  constructor(@InjectUpstream('bag') private readonly upstream: Upstream) {}

  /** Whether BAG is asked: with a key, and always in the sandbox (its recording answers). */
  enabled(scope: RequestScope): boolean {
    return this.upstream.answers(scope);
  }

  /** The error a live request gets while BAG has no key here. */
  notConfiguredError() {
    return this.upstream.notConfiguredError();
  }

  address(id: string, scope: RequestScope): Promise<BagAddress | null> {
    return this.get<BagAddress>(`/adressenuitgebreid/${id}`, scope);
  }

  verblijfsobject(id: string, scope: RequestScope): Promise<BagVerblijfsobjectAnswer | null> {
    return this.get<BagVerblijfsobjectAnswer>(`/verblijfsobjecten/${id}`, scope);
  }

  private async get<T extends object>(path: string, scope: RequestScope): Promise<T | null> {
    const response = await this.upstream.request<T | null>({ path }, scope);
    if (response.status === 404) return null;
    return jsonAnswer('bag', 'The BAG API', response);
  }
}
