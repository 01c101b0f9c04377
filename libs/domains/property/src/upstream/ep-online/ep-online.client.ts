import { Injectable } from '@nestjs/common';
import { DAY } from '@nl/contracts-core';
import type { RequestScope } from '@nl/platform-context';
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
 * 2.5 s per attempt, one retry on a 5xx or no answer. An object's labels are cached by
 * themselves for the dossier: 24 hours, and a week past that when EP-Online fails.
 */
export const EP_ONLINE_UPSTREAM = {
  name: 'ep-online',
  config: PROPERTY_CONFIG,
  client: ({ epOnline }) =>
    keyedClient(epOnline, {
      timeoutMs: 2_500,
      headers: (key) => ({ authorization: key, accept: 'application/json' }),
    }),
  notConfigured: 'Energy labels need EP_ONLINE_API_KEY (EP-Online) on this server.',
  recording: epOnlineRecording(),
  cache: { cacheTtlMs: DAY, staleIfErrorMs: 7 * DAY },
} satisfies UpstreamRegistration<PropertySettings>;

/** HTTP only: every label registered for one BAG object (verblijfsobject, ligplaats, standplaats). */
@Injectable()
export class EpOnlineClient {
  constructor(@InjectUpstream('ep-online') private readonly upstream: Upstream) {}

  /**
   * All labels of the object, as EP-Online sends them; [] when none is registered (its 404).
   * A single object instead of an array is read as an array of one (EP-Online sends either).
   */
  async labels(objectId: string, scope: RequestScope): Promise<readonly EpLabel[]> {
    const response = await this.upstream.request<EpLabel[] | EpLabel | null>(
      { path: `/PandEnergielabel/AdresseerbaarObject/${objectId}` },
      scope,
    );
    if (response.status === 404) return [];
    const body = jsonAnswer<EpLabel[] | EpLabel>('ep-online', 'EP-Online', response);
    return Array.isArray(body) ? body : [body];
  }
}
