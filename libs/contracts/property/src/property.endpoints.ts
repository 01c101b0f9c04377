import { DAY, HOUR, SECOND, credits, type EndpointDefinition } from '@nl/contracts-core';
import { PROPERTY_SUBJECTS } from './property.subjects.js';

const base = { domain: 'property', method: 'GET', x402: true } as const;

export const PANDGEGEVENS_GET_ENDPOINT = {
  ...base,
  id: 'property.pandgegevens.get',
  paths: ['/v1/property/pandgegevens'],
  subject: PROPERTY_SUBJECTS.pandgegevens,
  summary: 'Combined property data for one address',
  description:
    'BAG identifiers, address record, energy labels, property value with history, building traits and spatial planning for one Dutch address. Slower on a cache miss: several sources are combined.',
  price: { fresh: credits(10), cached: credits(1) },
  cacheTtlMs: DAY,
  limits: { trial: 10, paid: 60, premium: 120 },
  timeoutMs: 15 * SECOND,
  notes: ['Price: ARCHITECTURE §6 (includes the property value). Limits: unstated, §6 defaults.'],
} satisfies EndpointDefinition;

export const WOZ_GET_ENDPOINT = {
  ...base,
  id: 'property.woz.get',
  paths: ['/v1/property/woz-waarde'],
  subject: PROPERTY_SUBJECTS.wozWaarde,
  summary: 'Property value (WOZ) with history',
  description:
    'Current official property value and the previous three yearly values, by BAG address id or by postcode and house number.',
  price: { fresh: credits(10), cached: credits(1) },
  cacheTtlMs: 30 * DAY,
  limits: { trial: 10, paid: 60, premium: 120 },
  timeoutMs: 15 * SECOND,
} satisfies EndpointDefinition;

export const BAG_GET_ENDPOINT = {
  ...base,
  id: 'property.bag.get',
  paths: ['/v1/kadaster/bag/id'],
  subject: PROPERTY_SUBJECTS.bagById,
  summary: 'Address record by 16-digit BAG id',
  description: 'The full BAG address record of one nummeraanduiding id.',
  price: { fresh: credits(1), cached: credits(0) },
  cacheTtlMs: DAY,
  limits: { trial: 30, paid: 60, premium: 120 },
  timeoutMs: 10 * SECOND,
} satisfies EndpointDefinition;

export const BAG_SUGGEST_ENDPOINT = {
  ...base,
  id: 'property.bag.suggest',
  paths: ['/v1/kadaster/bag/address-suggest'],
  subject: PROPERTY_SUBJECTS.addressSuggest,
  summary: 'Address autocomplete',
  description: 'At most 10 address suggestions for a partial address or postcode.',
  price: { fresh: credits(1), cached: credits(0) },
  cacheTtlMs: HOUR,
  limits: { trial: 60, paid: 300, premium: 600 },
  timeoutMs: 5 * SECOND,
} satisfies EndpointDefinition;

export const PLANS_SEARCH_ENDPOINT = {
  ...base,
  id: 'property.plans.search',
  paths: ['/v1/dso/plans'],
  subject: PROPERTY_SUBJECTS.plans,
  summary: 'Spatial plans at a location',
  description:
    'Zoning, integration and amendment plans at coordinates or at a postcode and house number (coordinates win when both are given).',
  price: { fresh: credits(1), cached: credits(0.5) },
  cacheTtlMs: DAY,
  limits: { trial: 10, paid: 60, premium: 120 },
  timeoutMs: 10 * SECOND,
} satisfies EndpointDefinition;

/** Every property endpoint, in catalog order. */
export const PROPERTY_ENDPOINTS: readonly EndpointDefinition[] = [
  PANDGEGEVENS_GET_ENDPOINT,
  WOZ_GET_ENDPOINT,
  BAG_GET_ENDPOINT,
  BAG_SUGGEST_ENDPOINT,
  PLANS_SEARCH_ENDPOINT,
];
