import { MINUTE, HOUR, SECOND, credits, type EndpointDefinition } from '@nl/contracts-core';
import { ChargePointsResponse } from './chargepoints.responses.js';
import {
  EmissionZoneDetailResponse,
  EmissionZonesResponse,
  ZoneAccessResponse,
} from './emissionzones.responses.js';
import {
  ChargePointsQuery,
  EmissionZonesQuery,
  NdwIdParams,
  TruckParkingQuery,
  ZoneAccessQuery,
} from './ndw.requests.js';
import { NDW_SUBJECTS } from './ndw.subjects.js';
import {
  NdwNotFound,
  TruckParkingDetailResponse,
  TruckParkingListResponse,
} from './truckparking.responses.js';

/** The zone and the site of the shipped snapshots, for the sandbox examples. */
export const SANDBOX_ZONE_ID = 'NDW11_de06481f-e23e-4c9a-987b-978a4b67e0c0';
export const SANDBOX_SITE_ID = 'NL-12_421';

/** How a test key is answered: the sandbox description of every ndw example. */
const SHIPPED =
  'Imported NDW open data (CC0): a test key is answered from the same tables as a live key (the shipped snapshot until a refresh replaces it), free and marked X-Sandbox.';

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
    'Paid with subscription: limit unstated, default 60. Cached price: none stated. No x402 on subscription-gated endpoints.',
  ],
  request: NdwIdParams,
} as const;

const notFound = (what: string) =>
  [
    { status: 404, description: `No ${what} with this id. Not charged.`, type: NdwNotFound },
  ] as const;

export const CHARGEPOINTS_LIST_ENDPOINT = {
  ...list,
  id: 'ndw.chargepoints.list',
  paths: ['/v1/ndw/laadpunten'],
  subject: NDW_SUBJECTS.chargePoints,
  summary: 'Public EV charge points',
  description:
    'Paginated list of public EV charge points (NDW DOT-NL OCPI 2.2.1 locations, refreshed every 15 minutes). Filters: `city`, `postcode` (or its 4 digits), `lat`+`lon` (+`radius_m`, default 1,000 m; sorted by distance), `min_power_kw`, `connector`, `status=available`, `operator`.',
  cacheTtlMs: 5 * MINUTE,
  request: ChargePointsQuery,
  response: ChargePointsResponse,
  sandbox: {
    examples: [
      { path: "/v1/ndw/laadpunten?city='s-Hertogenbosch", description: SHIPPED },
      {
        path: '/v1/ndw/laadpunten?lat=51.7279&lon=5.2983&radius_m=500&status=available',
        description: SHIPPED,
      },
    ],
  },
  limits: { trial: 10, paid: 60, premium: 120 },
} satisfies EndpointDefinition;

export const TRUCKPARKING_LIST_ENDPOINT = {
  ...list,
  id: 'ndw.truckparking.list',
  paths: ['/v1/ndw/truckparking'],
  subject: NDW_SUBJECTS.truckParkingList,
  summary: 'Truck parking sites',
  description:
    'Paginated list of truck parking sites (the NDW DATEX II parking table) joined with their live occupancy (the status file, refreshed every minute); filters `status`, `beschikbaar`, `road`. Occupancy numbers are passed through as NDW publishes them.',
  cacheTtlMs: MINUTE,
  request: TruckParkingQuery,
  response: TruckParkingListResponse,
  sandbox: { examples: [{ path: '/v1/ndw/truckparking', description: SHIPPED }] },
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
  cacheTtlMs: MINUTE,
  response: TruckParkingDetailResponse,
  errorResponses: notFound('truck parking site'),
  sandbox: {
    examples: [{ path: `/api/v1/ndw/truckparking/${SANDBOX_SITE_ID}`, description: SHIPPED }],
    triggers: [
      {
        path: '/api/v1/ndw/truckparking/NL-12_0',
        description: 'An id the table lacks.',
        status: 404,
        answer: { found: false, result: null },
      },
    ],
  },
} satisfies EndpointDefinition;

export const EMISSIONZONES_LIST_ENDPOINT = {
  ...list,
  id: 'ndw.emissionzones.list',
  paths: ['/v1/ndw/emissiezones'],
  subject: NDW_SUBJECTS.emissionZonesList,
  summary: 'Emission zones',
  description:
    'Overview of the active emission zones (NDW DATEX II controlled zones) with municipality, restricted vehicle categories and access rules; filters `city`, `vehicle_category`.',
  cacheTtlMs: HOUR,
  request: EmissionZonesQuery,
  response: EmissionZonesResponse,
  sandbox: { examples: [{ path: '/v1/ndw/emissiezones', description: SHIPPED }] },
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
  cacheTtlMs: HOUR,
  response: EmissionZoneDetailResponse,
  errorResponses: notFound('active emission zone'),
  sandbox: {
    examples: [{ path: `/api/v1/ndw/emissiezones/${SANDBOX_ZONE_ID}`, description: SHIPPED }],
    triggers: [
      {
        path: '/api/v1/ndw/emissiezones/NDW11_unknown',
        description: 'An id that is not an active zone.',
        status: 404,
        answer: { found: false, result: null },
      },
    ],
  },
} satisfies EndpointDefinition;

export const EMISSIONZONE_ACCESS_ENDPOINT = {
  domain: 'ndw',
  method: 'GET',
  id: 'ndw.emissionzones.access',
  paths: ['/v1/ndw/emissiezones/:id/access'],
  subject: NDW_SUBJECTS.emissionZoneAccess,
  summary: 'May this vehicle enter this emission zone today?',
  description:
    "Beyond the spec: the vehicle's EU category, fuels, Euro class and first admission date from the RDW (through the rdw service), evaluated against the zone's DATEX access rules for today. `allowed` true/false with the rule that decided; null when the registry lacks a fact that rule needs. Permits and exemptions the registry cannot show (residents, special-purpose vehicles) are not assumed.",
  request: ZoneAccessQuery,
  response: ZoneAccessResponse,
  errorResponses: [
    {
      status: 404,
      description: 'No active zone with this id, or the plate is not in the registry. Not charged.',
    },
  ],
  x402: true,
  price: { fresh: credits(1), cached: credits(0.5) },
  limits: { trial: 10, paid: 60, premium: 120 },
  cacheTtlMs: HOUR,
  timeoutMs: 12 * SECOND,
  notes: [
    'Ours (not in the spec): priced like rdw/vehicle-lite (1.00 fresh, 0.50 cached), since the RDW lookup is its cost; default limits; x402 like every metered data endpoint.',
  ],
  sandbox: {
    examples: [
      {
        path: `/v1/ndw/emissiezones/${SANDBOX_ZONE_ID}/access?license_plate=TT-601-D`,
        description:
          "A recorded RDW car (the rdw sandbox) against the shipped 's-Hertogenbosch zone.",
      },
    ],
    triggers: [
      {
        path: `/v1/ndw/emissiezones/${SANDBOX_ZONE_ID}/access?license_plate=QQ-00-00`,
        description: 'A plate the registry does not know.',
        status: 404,
        answer: { code: 'not_found' },
      },
    ],
  },
} satisfies EndpointDefinition;

/** Every ndw endpoint, in catalog order. */
export const NDW_ENDPOINTS: readonly EndpointDefinition[] = [
  CHARGEPOINTS_LIST_ENDPOINT,
  TRUCKPARKING_LIST_ENDPOINT,
  TRUCKPARKING_GET_ENDPOINT,
  EMISSIONZONES_LIST_ENDPOINT,
  EMISSIONZONES_GET_ENDPOINT,
  EMISSIONZONE_ACCESS_ENDPOINT,
];
