import { DAY, SECOND, credits, type EndpointDefinition } from '@nl/contracts-core';
import {
  NEARBY_DEFAULT_LIMIT,
  NEARBY_MAX,
  NEARBY_RADIUS_M,
  NearbyQuery,
} from './nearby.requests.js';
import { NearbyResponse } from './nearby.responses.js';
import { NEARBY_SANDBOX_POINTS as POINTS } from './property-sandbox.js';
import { PROPERTY_SUBJECTS } from './property.subjects.js';

const point = (p: { lat: number; lon: number }) => `lat=${p.lat}&lon=${p.lon}`;

/** Reverse geocoding: the addresses nearest a point. */
export const BAG_NEARBY_ENDPOINT = {
  domain: 'property',
  method: 'GET',
  x402: true,
  id: 'property.bag.nearby',
  paths: ['/v1/kadaster/bag/nearby'],
  subject: PROPERTY_SUBJECTS.addressNearby,
  upstreams: ['pdok'],
  request: NearbyQuery,
  response: NearbyResponse,
  summary: 'Addresses nearest a point (reverse geocoding)',
  description: `The addresses nearest a WGS84 point in the Netherlands (\`lat\`, \`lon\`), nearest first, at most \`limit\` (1 to ${NEARBY_MAX}, default ${NEARBY_DEFAULT_LIMIT}) and none further than ${NEARBY_RADIUS_M} m: each with \`distance_m\` and the address record of \`/v1/kadaster/bag/id\` as PDOK Locatieserver gives it (the members only the BAG API holds are null; bag/id with the id completes them). No address within the radius: an empty list. A point outside the Netherlands is a 400, as for \`/v1/dso/plans\`. Cached per exact point, all limits sharing one entry.`,
  sandbox: {
    examples: [
      {
        path: `/v1/kadaster/bag/nearby?${point(POINTS.europalaan)}`,
        description:
          "Beside Europalaan 93, Utrecht: its recorded PDOK record, then two ILLUSTRATIVE neighbours (95 and 91: made-up ids and points in PDOK's shape; no reverse answer of PDOK was recorded).",
      },
      {
        path: `/v1/kadaster/bag/nearby?${point(POINTS.europalaan)}&limit=1`,
        description: 'The same point, only the nearest address (the same cache entry).',
      },
      {
        path: '/v1/kadaster/bag/nearby?lat=52.37&lon=4.89',
        description:
          'Any other point in the Netherlands: no recorded address near it, an empty list.',
      },
    ],
    triggers: [
      {
        path: `/v1/kadaster/bag/nearby?${point(POINTS.timeout)}`,
        description: 'PDOK Locatieserver does not answer in time.',
        status: 504,
        answer: { code: 'upstream_timeout' },
      },
      {
        path: `/v1/kadaster/bag/nearby?${point(POINTS.down)}`,
        description: 'PDOK Locatieserver cannot be reached.',
        status: 503,
        answer: { code: 'upstream_unavailable' },
      },
    ],
  },
  price: { fresh: credits(0.1), cached: credits(0) },
  cacheTtlMs: DAY,
  // As an address record: a week past the TTL when PDOK fails.
  staleIfErrorMs: 7 * DAY,
  limits: { trial: 30, paid: 60, premium: 120 },
  timeoutMs: 5 * SECOND,
  notes: [
    `Not in the product spec. Price 0.10 (cached free, as the other address endpoints); limits those of bag/id; radius ${NEARBY_RADIUS_M} m, ours.`,
  ],
} satisfies EndpointDefinition;
