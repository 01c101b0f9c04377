import { DAY, SECOND, credits, type EndpointDefinition } from '@nl/contracts-core';
import { PlateQuery } from './rdw.requests.js';
import { VehicleFullResponse, VehicleLiteResponse, VehicleNotFound } from './rdw.responses.js';
import { RDW_SUBJECTS } from './rdw.subjects.js';

const base = {
  domain: 'rdw',
  method: 'GET',
  x402: true,
  cacheTtlMs: DAY,
  limits: { trial: 10, paid: 60, premium: 120 },
  timeoutMs: 10 * SECOND,
  request: PlateQuery,
  errorResponses: [
    {
      status: 404,
      description: 'The plate is well-formed but not in the registry. Not charged.',
      type: VehicleNotFound,
    },
  ],
} as const;

export const VEHICLE_LITE_ENDPOINT = {
  ...base,
  id: 'rdw.vehicle.lite',
  paths: ['/v1/rdw/vehicle-lite'],
  subject: RDW_SUBJECTS.vehicleLite,
  response: VehicleLiteResponse,
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
  response: VehicleFullResponse,
  summary: 'Vehicle record (full) by Dutch licence plate',
  description:
    'The lite record plus dimensions, axles, body and the raw rows of the four RDW datasets, queried in parallel.',
  price: { fresh: credits(2), cached: credits(1) },
  notes: [
    'Price: the endpoint text (2.00/1.00) over the suite overview, ARCHITECTURE §6. Limits: §6 defaults.',
  ],
} satisfies EndpointDefinition;

/** Every rdw endpoint, in catalog order. */
export const RDW_ENDPOINTS: readonly EndpointDefinition[] = [
  VEHICLE_LITE_ENDPOINT,
  VEHICLE_FULL_ENDPOINT,
];
