import { DAY, HOUR, MINUTE, SECOND, credits, type EndpointDefinition } from '@nl/contracts-core';
import { NDW_SUBJECTS } from './ndw.subjects.js';

/** Subscription a Paid account needs for the two detail endpoints (Premium always has it). */
export const NDW_DETAIL_SUBSCRIPTION = 'ndw-details';

const list = {
  domain: 'ndw',
  method: 'GET',
  x402: true,
  price: { fresh: credits(0.5), cached: credits(0.5) },
  timeoutMs: 5 * SECOND,
} as const;

const detail = {
  domain: 'ndw',
  method: 'GET',
  x402: false,
  subscription: NDW_DETAIL_SUBSCRIPTION,
  price: { fresh: credits(1), cached: credits(1) },
  limits: { paid: 60, premium: 100 },
  timeoutMs: 5 * SECOND,
  notes: [
    'Paid with subscription: limit unstated, §6 default 60. Cached price: none stated. No x402 (§6).',
  ],
} as const;

export const CHARGEPOINTS_LIST_ENDPOINT = {
  ...list,
  id: 'ndw.chargepoints.list',
  paths: ['/v1/ndw/laadpunten'],
  subject: NDW_SUBJECTS.chargePoints,
  summary: 'Public EV charge points',
  description: 'Paginated list of public EV charge points (NDW OCPI locations).',
  cacheTtlMs: HOUR,
  limits: { trial: 10, paid: 60, premium: 120 },
} satisfies EndpointDefinition;

export const TRUCKPARKING_LIST_ENDPOINT = {
  ...list,
  id: 'ndw.truckparking.list',
  paths: ['/v1/ndw/truckparking'],
  subject: NDW_SUBJECTS.truckParkingList,
  summary: 'Truck parking sites',
  description:
    'Paginated list of truck parking sites with live occupancy; filters `status`, `beschikbaar`, `road`.',
  cacheTtlMs: 5 * MINUTE,
  limits: { trial: 5, paid: 100, premium: 200 },
} satisfies EndpointDefinition;

export const TRUCKPARKING_GET_ENDPOINT = {
  ...detail,
  id: 'ndw.truckparking.get',
  paths: ['/api/v1/ndw/truckparking/:id', '/v1/ndw/truckparking/:id'],
  subject: NDW_SUBJECTS.truckParkingGet,
  summary: 'One truck parking site',
  description:
    'One truck parking site by its NDW id, with live occupancy. Premium, or Paid with subscription.',
  cacheTtlMs: 5 * MINUTE,
} satisfies EndpointDefinition;

export const EMISSIONZONES_LIST_ENDPOINT = {
  ...list,
  id: 'ndw.emissionzones.list',
  paths: ['/v1/ndw/emissiezones'],
  subject: NDW_SUBJECTS.emissionZonesList,
  summary: 'Emission zones',
  description: 'Overview of emission zones with municipality, vehicle category and access rules.',
  cacheTtlMs: DAY,
  limits: { trial: 10, paid: 60, premium: 120 },
} satisfies EndpointDefinition;

export const EMISSIONZONES_GET_ENDPOINT = {
  ...detail,
  id: 'ndw.emissionzones.get',
  paths: ['/api/v1/ndw/emissiezones/:id', '/v1/ndw/emissiezones/:id'],
  subject: NDW_SUBJECTS.emissionZonesGet,
  summary: 'One active emission zone',
  description:
    'One active emission zone by its NDW id, with geometry and restrictions. Premium, or Paid with subscription.',
  cacheTtlMs: DAY,
} satisfies EndpointDefinition;

/** Every ndw endpoint, in catalog order. */
export const NDW_ENDPOINTS: readonly EndpointDefinition[] = [
  CHARGEPOINTS_LIST_ENDPOINT,
  TRUCKPARKING_LIST_ENDPOINT,
  TRUCKPARKING_GET_ENDPOINT,
  EMISSIONZONES_LIST_ENDPOINT,
  EMISSIONZONES_GET_ENDPOINT,
];
