import type { EndpointDefinition } from '@nl/contracts-core';

/**
 * Whether a request's `Cache-Control` asks for an answer from the source (`no-cache`, or
 * `max-age=0`), for an endpoint whose answers are cached at all. Other directives, and a header
 * that says neither, leave the cache in use.
 */
export function bypassesCache(
  endpoint: Pick<EndpointDefinition, 'cacheTtlMs'>,
  header: string | string[] | undefined,
): boolean {
  if (!header || !endpoint.cacheTtlMs) return false;
  const directives = (Array.isArray(header) ? header.join(',') : header).split(',').map((d) =>
    d
      .trim()
      .toLowerCase()
      .replace(/\s*=\s*/, '=')
      .replace(/"/g, ''),
  );
  return directives.some((d) => d === 'no-cache' || d === 'max-age=0');
}
