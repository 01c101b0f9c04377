import type { EndpointDefinition } from '@nl/contracts-core';
import { CBS_ENDPOINTS } from '@nl/contracts-cbs';
import { KVK_ENDPOINTS } from '@nl/contracts-kvk';
import { NDW_ENDPOINTS } from '@nl/contracts-ndw';
import { PROPERTY_ENDPOINTS } from '@nl/contracts-property';
import { RDW_ENDPOINTS } from '@nl/contracts-rdw';
import { VALIDATION_ENDPOINTS } from '@nl/contracts-validation';

/**
 * Every public endpoint of the product. Each domain's contracts lib owns its rows; this list only
 * joins them. Routing, pricing, limits and the OpenAPI text derive from it.
 */
export const ENDPOINT_CATALOG: readonly EndpointDefinition[] = [
  ...PROPERTY_ENDPOINTS,
  ...RDW_ENDPOINTS,
  ...KVK_ENDPOINTS,
  ...VALIDATION_ENDPOINTS,
  ...NDW_ENDPOINTS,
  ...CBS_ENDPOINTS,
];

export function findEndpoint(id: string, catalog = ENDPOINT_CATALOG): EndpointDefinition {
  const entry = catalog.find((e) => e.id === id);
  if (!entry) throw new Error(`Unknown endpoint id ${id}`);
  return entry;
}
