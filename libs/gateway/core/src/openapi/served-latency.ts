import type { OpenAPIObject } from '@nestjs/swagger';
import type { EndpointLatency, LatencySource } from '../pipeline/gateway-step.js';

/** The window `x-latency` covers. */
const WINDOW = '24h';

/**
 * `x-latency` of an operation as generated (and committed): its endpoint and no figures. The
 * served document fills them in from this deployment's own measurements (see {@link withLatency}).
 */
export function unmeasured(endpoint: string) {
  return latencyExtension(endpoint, undefined);
}

function latencyExtension(endpoint: string, figures: EndpointLatency | undefined) {
  return {
    endpoint,
    window: WINDOW,
    requests: figures?.requests ?? 0,
    availability: figures?.availability ?? null,
    p50_ms: figures?.p50_ms ?? null,
    p95_ms: figures?.p95_ms ?? null,
    p99_ms: figures?.p99_ms ?? null,
  };
}

type Operation = Record<string, unknown> & { 'x-latency'?: { endpoint: string } };

/**
 * The document with each operation's `x-latency` filled from the last 24 hours: a copy down to
 * the operations that change, the rest shared with the document as generated.
 */
export function withLatency(
  document: OpenAPIObject,
  figures: ReadonlyMap<string, EndpointLatency>,
): OpenAPIObject {
  const paths: Record<string, unknown> = {};
  for (const [path, item] of Object.entries(document.paths)) {
    const copy: Record<string, unknown> = { ...item };
    for (const [method, value] of Object.entries(item)) {
      const operation = value as Operation;
      const endpoint = operation?.['x-latency']?.endpoint;
      if (endpoint && figures.has(endpoint))
        copy[method] = {
          ...operation,
          'x-latency': latencyExtension(endpoint, figures.get(endpoint)),
        };
    }
    paths[path] = copy;
  }
  return { ...document, paths: paths as OpenAPIObject['paths'] };
}

/** What the docs serve: the generated document, with latency where a source gives it. */
export async function servedDocument(
  document: OpenAPIObject,
  source: LatencySource | undefined,
): Promise<OpenAPIObject> {
  if (!source) return document;
  try {
    return withLatency(document, await source.last24h());
  } catch {
    // The figures' database is down: the document without them, not no document.
    return document;
  }
}
