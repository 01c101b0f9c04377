import type { UpstreamOptions, UpstreamResponse } from './upstream-client.js';
import { UpstreamError } from './upstream-error.js';
import { UpstreamBusy, retryAfterOf } from './upstream-errors.js';

/**
 * The JSON object of an upstream's 200 answer. A 429 is the upstream rate-limiting us (its
 * Retry-After kept); any other status, or a body that is not an object, is a failure named after
 * the upstream (`what` says it in words: "The BAG API").
 */
export function jsonAnswer<T extends object>(
  upstream: string,
  what: string,
  response: UpstreamResponse<T | null>,
): T {
  if (response.status === 429) throw new UpstreamBusy(upstream, retryAfterOf(response.headers));
  const body = response.body;
  if (response.status !== 200 || typeof body !== 'object' || body === null)
    throw new UpstreamError(
      upstream,
      'unavailable',
      response.status === 401 || response.status === 403
        ? `${what} refused this server's key (HTTP ${response.status})`
        : `${what} answered HTTP ${response.status}`,
    );
  return body;
}

/** A source that needs both a URL and a key on this server. */
export interface KeyedSource {
  readonly url: string | null;
  readonly apiKey: string | null;
}

/**
 * The client options of a keyed source: none (not configured) without its URL or key; one
 * retry on a 5xx or no answer (a 429 is never retried: it is passed on with its Retry-After).
 */
export function keyedClient(
  source: KeyedSource,
  options: Omit<UpstreamOptions, 'name' | 'baseUrl' | 'headers'> & {
    readonly headers: (apiKey: string) => Record<string, string>;
  },
): Omit<UpstreamOptions, 'name'> | null {
  if (!source.url || !source.apiKey) return null;
  return {
    retries: 1,
    backoffMs: 150,
    isFailure: (response) => response.status >= 500,
    ...options,
    baseUrl: source.url,
    headers: options.headers(source.apiKey),
  };
}
