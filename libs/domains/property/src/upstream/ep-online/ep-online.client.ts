import { Injectable } from '@nestjs/common';
import {
  InjectUpstream,
  Upstream,
  jsonAnswer,
  keyedClient,
  type UpstreamRegistration,
} from '@nl/platform-upstream';
import { PROPERTY_CONFIG, type PropertySettings } from '../../property.config.js';
import { epOnlineRecording } from './ep-online.recording.js';
import type { EpLabel } from './ep-online.types.js';

/**
 * EP-Online public API v5 (ep-online.md): the bare key in `Authorization` (no `Bearer`).
 * 2.5 s per attempt, one retry on a 5xx or no answer.
 */
export const EP_ONLINE_UPSTREAM: UpstreamRegistration<PropertySettings> = {
  name: 'ep-online',
  config: PROPERTY_CONFIG,
  client: ({ epOnline }) =>
    keyedClient(epOnline, {
      timeoutMs: 2_500,
      headers: (key) => ({ authorization: key, accept: 'application/json' }),
    }),
  notConfigured: 'Energy labels need EP_ONLINE_API_KEY (EP-Online) on this server.',
  recording: epOnlineRecording(),
};

/** HTTP only: every label registered for one BAG object (verblijfsobject, ligplaats, standplaats). */
@Injectable()
export class EpOnlineClient {
  constructor(@InjectUpstream('ep-online') private readonly upstream: Upstream) {}

  /**
   * All labels of the object, as EP-Online sends them; [] when none is registered (its 404).
   * A single object instead of an array is read as an array of one (EP-Online sends either).
   */
  async labels(objectId: string): Promise<readonly EpLabel[]> {
    const response = await this.upstream.request<EpLabel[] | EpLabel | null>({
      path: `/PandEnergielabel/AdresseerbaarObject/${objectId}`,
    });
    if (response.status === 404) return [];
    const body = jsonAnswer<EpLabel[] | EpLabel>('ep-online', 'EP-Online', response);
    return Array.isArray(body) ? body : [body];
  }
}
