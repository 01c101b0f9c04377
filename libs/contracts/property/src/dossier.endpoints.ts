import { DAY, MINUTE, SECOND, credits, type EndpointDefinition } from '@nl/contracts-core';
import { PandgegevensNotFound, PandgegevensResponse } from './dossier.responses.js';
import { PlansQuery } from './plans.requests.js';
import { PlansResponse } from './plans.responses.js';
import { PLANS_SANDBOX_POINTS, PROPERTY_SANDBOX_ADDRESSES } from './property-sandbox.js';
import { PandgegevensQuery } from './property.requests.js';
import { PROPERTY_SUBJECTS } from './property.subjects.js';

/** The combined dossier and the plans at a point. */
const base = { domain: 'property', method: 'GET', x402: true } as const;

const ADDR = PROPERTY_SANDBOX_ADDRESSES;
const addressQuery = (a: { postcode: string; house_number: number }) =>
  `postcode=${a.postcode}&house_number=${a.house_number}`;

export const PANDGEGEVENS_GET_ENDPOINT = {
  ...base,
  id: 'property.pandgegevens.get',
  paths: ['/v1/property/pandgegevens'],
  subject: PROPERTY_SUBJECTS.pandgegevens,
  upstreams: ['pdok'],
  request: PandgegevensQuery,
  response: PandgegevensResponse,
  errorResponses: [
    {
      status: 404,
      description: 'No such address in the register. Not charged.',
      type: PandgegevensNotFound,
    },
  ],
  summary: 'Combined property data for one address',
  description: [
    "One dossier per Dutch address: the address record and BAG identifiers (PDOK Locatieserver, completed by the BAG API), every registered energy label with the latest in reduced and detailed form (EP-Online), the WOZ value with history, building traits (BAG surface and build year, the label's type, class and compactness) and the bestemmingsplan in force at the address point with its bestemmingsvlak (Ruimtelijke Plannen v4). The address is resolved once; the other registers are asked in parallel, each answer also cached under its own TTL (a dossier after a woz-waarde call reuses that value).",
    '',
    '**Partial dossiers.** When an optional register (BAG, EP-Online, WOZ, plans) fails or is not configured on this server, the answer is still 200: its members are null, `meta.complete` is false and `meta.sources` says for each register whether it answered (`ok`, `empty`: nothing registered) or not (`failed`, `not_configured`) and why. A partial dossier costs the partial price and is cached 5 minutes only; a complete one 24 hours. If the address itself cannot be resolved: 404 found:false (unknown) or 503/504 (address register down), never charged.',
  ].join('\n'),
  sandbox: {
    examples: [
      {
        path: `/v1/property/pandgegevens?${addressQuery(ADDR.europalaan)}`,
        description:
          "Europalaan 93, Utrecht: every block filled. The address is PDOK's recorded record; the BAG members, energy labels, WOZ value and plan are ILLUSTRATIVE sandbox values in the real answer shapes (no register has been asked).",
      },
    ],
    triggers: [
      {
        path: `/v1/property/pandgegevens?${addressQuery(ADDR.bolstraat)}`,
        description:
          'Bolstraat 1, Utrecht: EP-Online does not answer in time. 200 with the energy members null, meta.complete false and meta.sources saying why (partial price; 0.00 in the sandbox).',
        status: 200,
        answer: { found: true, energy_labels: null, meta: { complete: false } },
      },
      {
        path: `/v1/property/pandgegevens?${addressQuery(ADDR.unknown)}`,
        description: 'No such address (any address the recordings lack).',
        status: 404,
        answer: { found: false, address: null },
      },
      {
        path: `/v1/property/pandgegevens?${addressQuery(ADDR.pdokTimeout)}`,
        description: 'The address register (PDOK) does not answer in time.',
        status: 504,
        answer: { code: 'upstream_timeout' },
      },
      {
        path: `/v1/property/pandgegevens?${addressQuery(ADDR.pdokDown)}`,
        description: 'The address register (PDOK) cannot be reached.',
        status: 503,
        answer: { code: 'upstream_unavailable' },
      },
    ],
  },
  price: { fresh: credits(10), cached: credits(1), partial: credits(1) },
  cacheTtlMs: DAY,
  // A complete dossier stands in for a week when the address register fails.
  staleIfErrorMs: 7 * DAY,
  // A partial one is kept briefly, so a source that is back fills it soon.
  partialCacheTtlMs: 5 * MINUTE,
  limits: { trial: 10, paid: 60, premium: 120 },
  timeoutMs: 15 * SECOND,
  notes: [
    'Price: the combined property price (includes the property value). Partial price: ours, the cached price. Limits: unstated, the default tiers.',
  ],
} satisfies EndpointDefinition;

const point = (p: { lat: number; lon: number }) => `lat=${p.lat}&lon=${p.lon}`;

export const PLANS_SEARCH_ENDPOINT = {
  ...base,
  id: 'property.plans.search',
  paths: ['/v1/dso/plans'],
  subject: PROPERTY_SUBJECTS.plans,
  upstreams: ['ruimtelijke-plannen'],
  request: PlansQuery,
  response: PlansResponse,
  errorResponses: [
    {
      status: 404,
      description:
        'With `postcode` + `huisnummer`: the address register has no location for that address (`not_found`). Not charged.',
    },
  ],
  summary: 'Spatial plans at a location',
  description: [
    'Zoning (bestemmingsplan), integration (inpassingsplan), amendment (wijzigingsplan) and other Wro plans whose area contains a point: `lat` + `lon` (WGS84, must lie in the Netherlands), or `postcode` + `huisnummer` (the address register gives the point). Both given: the coordinates win. Historical plans are left out; newest first.',
    '',
    '**Coverage.** The source is the Ruimtelijke Plannen Opvragen API v4 (ruimtelijkeplannen.nl): the plans made under the old Wro, which stay in force under the Omgevingswet (since 1 January 2024) until each municipality replaces them by its omgevingsplan (by 2031). New omgevingsplan rules are published in other DSO APIs and are not in this answer; plans without transitional law carry an end date, and a small part of the plans is not available in the API.',
  ].join('\n'),
  sandbox: {
    examples: [
      {
        path: `/v1/dso/plans?${point(PLANS_SANDBOX_POINTS.europalaan)}`,
        description:
          'At Europalaan 93, Utrecht: an ILLUSTRATIVE bestemmingsplan and its parapluplan (real answer shape, made-up plan; see PROVENANCE.md).',
      },
      {
        path: '/v1/dso/plans?postcode=3526KP&huisnummer=93',
        description: "The same point by address (PDOK's recorded record gives the coordinates).",
      },
      {
        path: '/v1/dso/plans?lat=52.37&lon=4.89',
        description: 'Any other point in the Netherlands: no recorded plans, an empty list.',
      },
    ],
    triggers: [
      {
        path: `/v1/dso/plans?${point(PLANS_SANDBOX_POINTS.timeout)}`,
        description: 'The plans API does not answer in time.',
        status: 504,
        answer: { code: 'upstream_timeout' },
      },
      {
        path: `/v1/dso/plans?${point(PLANS_SANDBOX_POINTS.down)}`,
        description: 'The plans API cannot be reached.',
        status: 503,
        answer: { code: 'upstream_unavailable' },
      },
    ],
  },
  price: { fresh: credits(1), cached: credits(0.5) },
  cacheTtlMs: DAY,
  // Plans change rarely: a week past the TTL when the API fails.
  staleIfErrorMs: 7 * DAY,
  limits: { trial: 10, paid: 60, premium: 120 },
  timeoutMs: 10 * SECOND,
} satisfies EndpointDefinition;
