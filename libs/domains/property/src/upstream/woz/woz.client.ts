import { Injectable } from '@nestjs/common';
import type { RequestScope } from '@nl/platform-context';
import {
  InjectUpstream,
  Upstream,
  UpstreamBusy,
  UpstreamError,
  retryAfterOf,
  type UpstreamRegistration,
} from '@nl/platform-upstream';
import { PROPERTY_CONFIG, type PropertySettings } from '../../property.config.js';
import { wozRecording } from './woz.recording.js';
import type { WozAnswer } from './woz.types.js';

/**
 * The WOZ-waardeloket API (woz.md): no key, about 60 calls a minute and 5,000 a day. 4 s per
 * attempt; only a 5xx is retried (once): a 429 is never retried, it pauses us (see WozClient).
 */
export const WOZ_UPSTREAM: UpstreamRegistration<PropertySettings> = {
  name: 'woz',
  config: PROPERTY_CONFIG,
  client: ({ woz }) =>
    woz.url
      ? {
          baseUrl: woz.url,
          timeoutMs: 4_000,
          retries: 1,
          backoffMs: 250,
          isFailure: (response) => response.status >= 500,
        }
      : null,
  notConfigured: 'Property values need WOZ_URL (the WOZ-waardeloket API) on this server.',
  recording: wozRecording(),
};

/**
 * One object's WOZ data, only ever at a caller's request (never crawled or prefetched). The
 * source's rate limit is respected: after a 429, or an answer saying no calls are left, no live
 * call goes out until its reset has passed; meanwhile callers get 503 with Retry-After (or the
 * service's stale copy). The pause is kept on a monotonic clock, per process.
 */
@Injectable()
export class WozClient {
  private pausedUntil = 0;

  constructor(@InjectUpstream('woz') private readonly upstream: Upstream) {}

  /** The WOZ answer of a nummeraanduiding id; null when the source has no WOZ object for it. */
  async value(id: string, scope: RequestScope): Promise<WozAnswer | null> {
    const live = !scope.sandbox;
    const waitMs = this.pausedUntil - performance.now();
    if (live && waitMs > 0) throw new UpstreamBusy('woz', Math.ceil(waitMs / 1000));
    const response = await this.upstream.request<WozAnswer | null>(
      { path: `/wozwaarde/nummeraanduiding/${id}` },
      scope,
    );
    if (response.status === 429) {
      const seconds = retryAfterOf(response.headers);
      if (live) this.pause(seconds);
      throw new UpstreamBusy('woz', seconds);
    }
    if (live && response.headers.get('x-rate-limit-remaining')?.trim() === '0')
      this.pause(retryAfterOf(response.headers));
    if (response.status === 404) return null;
    if (response.status !== 200 || typeof response.body !== 'object' || response.body === null)
      throw new UpstreamError(
        'woz',
        'unavailable',
        `The WOZ source answered HTTP ${response.status}`,
      );
    return response.body;
  }

  private pause(seconds: number) {
    this.pausedUntil = Math.max(this.pausedUntil, performance.now() + seconds * 1000);
  }
}
