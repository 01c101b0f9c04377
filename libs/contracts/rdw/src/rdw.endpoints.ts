import { DAY, SECOND, credits, type EndpointDefinition } from '@nl/contracts-core';
import { PlateQuery } from './rdw.requests.js';
import {
  VehicleFullNotFound,
  VehicleFullResponse,
  VehicleLiteResponse,
  VehicleNotFound,
} from './rdw.responses.js';
import { RDW_SUBJECTS } from './rdw.subjects.js';

const base = {
  domain: 'rdw',
  method: 'GET',
  x402: true,
  cacheTtlMs: DAY,
  staleIfErrorMs: 7 * DAY,
  limits: { trial: 10, paid: 60, premium: 120 },
  timeoutMs: 10 * SECOND,
  request: PlateQuery,
} as const;

/** The 404 of a well-formed plate the registry does not know; each endpoint has its own body. */
const notFound = (type: typeof VehicleNotFound | typeof VehicleFullNotFound) =>
  [
    {
      status: 404,
      description: 'The plate is well-formed but not in the registry. Not charged.',
      type,
    },
  ] as const;

/**
 * The sandbox of a vehicle endpoint: the three recorded plates, and trigger plates with Q
 * (never issued on Dutch plates) for the failures, for the endpoint at `path`.
 */
const sandbox = (path: string) => ({
  examples: [
    {
      path: `${path}?license_plate=TT-601-D`,
      description: 'A 2013 Volkswagen, diesel (recorded rows).',
    },
    { path: `${path}?license_plate=R-759-BK`, description: 'A 2022 Opel Corsa (recorded rows).' },
    { path: `${path}?license_plate=F-794-KP`, description: 'A 2012 Yamaha moped (recorded rows).' },
  ],
  triggers: [
    {
      path: `${path}?license_plate=QQ-00-00`,
      description: 'Not in the registry (any plate the recording lacks).',
      status: 404,
      answer: { found: false, vehicle: null },
    },
    {
      path: `${path}?license_plate=QQ-50-04`,
      description: 'RDW does not answer in time.',
      status: 504,
      answer: { code: 'upstream_timeout' },
    },
    {
      path: `${path}?license_plate=QQ-50-03`,
      description: 'RDW cannot be reached.',
      status: 503,
      answer: { code: 'upstream_unavailable' },
    },
    {
      path: `${path}?license_plate=QQ-42-90`,
      description: 'RDW rate-limits us (HTTP 429); retry after the Retry-After seconds.',
      status: 503,
      answer: { code: 'upstream_unavailable' },
    },
  ],
});

export const VEHICLE_LITE_ENDPOINT = {
  ...base,
  id: 'rdw.vehicle.lite',
  paths: ['/v1/rdw/vehicle-lite'],
  subject: RDW_SUBJECTS.vehicleLite,
  upstreams: ['rdw'],
  response: VehicleLiteResponse,
  errorResponses: notFound(VehicleNotFound),
  sandbox: sandbox('/v1/rdw/vehicle-lite'),
  summary: 'Vehicle record (lite) by Dutch licence plate',
  description:
    'Brand, model, colour, fuel, masses and compliance facts (APK, emission class, green zones) of one vehicle. Plates are accepted with or without hyphens, in any case.',
  price: { fresh: credits(1), cached: credits(0.5) },
} satisfies EndpointDefinition;

export const VEHICLE_FULL_ENDPOINT = {
  ...base,
  id: 'rdw.vehicle.full',
  paths: ['/v1/rdw/vehicle'],
  subject: RDW_SUBJECTS.vehicleFull,
  upstreams: ['rdw'],
  response: VehicleFullResponse,
  errorResponses: notFound(VehicleFullNotFound),
  sandbox: sandbox('/v1/rdw/vehicle'),
  summary: 'Vehicle record (full) by Dutch licence plate',
  description:
    'The lite record plus dimensions, axles, body and the raw rows of the four RDW datasets, queried in parallel.',
  price: { fresh: credits(2), cached: credits(1) },
  notes: [
    'Price: the endpoint text (2.00/1.00) wins over the suite overview. Limits: the defaults.',
  ],
} satisfies EndpointDefinition;

/** Every rdw endpoint, in catalog order. */
export const RDW_ENDPOINTS: readonly EndpointDefinition[] = [
  VEHICLE_LITE_ENDPOINT,
  VEHICLE_FULL_ENDPOINT,
];
