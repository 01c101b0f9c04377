import { DOMAINS, type EndpointDefinition } from '@nl/contracts-core';
import { domainEndpoints } from './domain-contracts.js';

/**
 * Every public endpoint of the product. Each domain's contracts lib owns its rows; this list only
 * joins them, in the order of DOMAINS. Routing, pricing, limits and the OpenAPI text derive from
 * it.
 */
export const ENDPOINT_CATALOG: readonly EndpointDefinition[] = DOMAINS.flatMap(domainEndpoints);

export function findEndpoint(id: string, catalog = ENDPOINT_CATALOG): EndpointDefinition {
  const entry = catalog.find((e) => e.id === id);
  if (!entry) throw new Error(`Unknown endpoint id ${id}`);
  return entry;
}
