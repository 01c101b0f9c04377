import { DAY, HOUR, SECOND, credits, type EndpointDefinition } from '@nl/contracts-core';
import { PANDGEGEVENS_GET_ENDPOINT, PLANS_SEARCH_ENDPOINT } from './dossier.endpoints.js';
import { BAG_NEARBY_ENDPOINT } from './nearby.endpoints.js';
import { PROPERTY_SANDBOX_IDS as IDS } from './property-sandbox.js';
import { AddressSuggestQuery, BagIdQuery, WozValueQuery } from './property.requests.js';
import {
  AddressSuggestResponse,
  BagIdNotFound,
  BagIdResponse,
  WozValueNotFound,
  WozValueResponse,
} from './property.responses.js';
import { PROPERTY_SUBJECTS } from './property.subjects.js';

const base = { domain: 'property', method: 'GET', x402: true } as const;

export const WOZ_GET_ENDPOINT = {
  ...base,
  id: 'property.woz.get',
  paths: ['/v1/property/woz-waarde'],
  subject: PROPERTY_SUBJECTS.wozWaarde,
  upstreams: ['pdok', 'woz'],
  request: WozValueQuery,
  response: WozValueResponse,
  errorResponses: [
    {
      status: 404,
      description: 'No such address in the register. Not charged.',
      type: WozValueNotFound,
    },
  ],
  summary: 'Property value (WOZ) with history',
  description:
    'Current official property value (WOZ) and the previous three yearly values, with the ground surface and the cadastral parcel, by BAG address id or by postcode and house number (the address register is asked first for the id). An address without a WOZ value (a non-residential object) is 200 found:true with property_value.amount null. Values are looked up one object at a time, at the request of the caller, and cached; when the WOZ source rate-limits, the answer is 503 with Retry-After (or the last value, X-Cache: STALE).',
  sandbox: {
    examples: [
      {
        path: `/v1/property/woz-waarde?id=${IDS.hekoord}`,
        description:
          'Hekoord 6, Breda: a recorded WOZ value (396000 on 2025-01-01, no history recorded).',
      },
      {
        path: `/v1/property/woz-waarde?id=${IDS.europalaan}`,
        description:
          'Europalaan 93, Utrecht: the address and parcel from PDOK, the value and history ILLUSTRATIVE (made-up sandbox values in the real shape; no WOZ answer of it was recorded).',
      },
      {
        path: '/v1/property/woz-waarde?postcode=3526%20kp&house_number=93',
        description: 'The same address by postcode and house number (one cache entry with the id).',
      },
    ],
    triggers: [
      {
        path: `/v1/property/woz-waarde?id=${IDS.unknown}`,
        description: 'No such address (any id the recordings lack).',
        status: 404,
        answer: { found: false, address: null, property_value: null },
      },
      {
        path: `/v1/property/woz-waarde?id=${IDS.wozRateLimited}`,
        description:
          'The WOZ source rate-limits us (HTTP 429): not asked again until the Retry-After seconds have passed.',
        status: 503,
        answer: { code: 'upstream_unavailable' },
      },
      {
        path: `/v1/property/woz-waarde?id=${IDS.wozTimeout}`,
        description: 'The WOZ source does not answer in time.',
        status: 504,
        answer: { code: 'upstream_timeout' },
      },
    ],
  },
  price: { fresh: credits(10), cached: credits(1) },
  cacheTtlMs: 30 * DAY,
  // When the WOZ source fails or rate-limits us.
  staleIfErrorMs: 30 * DAY,
  limits: { trial: 10, paid: 60, premium: 120 },
  timeoutMs: 15 * SECOND,
} satisfies EndpointDefinition;

export const BAG_GET_ENDPOINT = {
  ...base,
  id: 'property.bag.get',
  paths: ['/v1/kadaster/bag/id'],
  subject: PROPERTY_SUBJECTS.bagById,
  upstreams: ['pdok'],
  request: BagIdQuery,
  response: BagIdResponse,
  errorResponses: [
    {
      status: 404,
      description: 'A well-formed id no register knows. Not charged.',
      type: BagIdNotFound,
    },
  ],
  summary: 'Address record by 16-digit BAG id',
  description:
    'The full address record of one nummeraanduiding id: ids, street, number, postcode, city and municipality and coordinates from PDOK Locatieserver (an id only BAG knows: the municipality of its woonplaats and its RD point in WGS84); status, surface, usage purposes, build year, pand ids, secondary addresses, investigation, document date and number and the occurrence from the BAG API when this server has a BAG key. Without one those members are null (arrays empty); the X-Source header says which sources answered (pdok, bag or pdok+bag).',
  sandbox: {
    examples: [
      {
        path: `/v1/kadaster/bag/id?id=${IDS.europalaan}`,
        description:
          "Europalaan 93, Utrecht: PDOK's recorded record completed by ILLUSTRATIVE BAG members (status, surface, build year, documents: made-up sandbox values in the real shape; X-Source: pdok+bag).",
      },
      {
        path: `/v1/kadaster/bag/id?id=${IDS.klaaswaal}`,
        description:
          "Schenkeldijk 37, Klaaswaal: a recorded BAG answer (status, surface, usage, build year, pand); no PDOK recording, so the municipality is CBS's for the woonplaats (Hoeksche Waard) and the coordinates are BAG's RD point converted to WGS84 (X-Source: bag).",
      },
    ],
    triggers: [
      {
        path: `/v1/kadaster/bag/id?id=${IDS.unknown}`,
        description: 'No such address (any id the recordings lack).',
        status: 404,
        answer: { found: false, address: null },
      },
      {
        path: `/v1/kadaster/bag/id?id=${IDS.pdokTimeout}`,
        description: 'PDOK Locatieserver does not answer in time.',
        status: 504,
        answer: { code: 'upstream_timeout' },
      },
      {
        path: `/v1/kadaster/bag/id?id=${IDS.pdokDown}`,
        description: 'PDOK Locatieserver cannot be reached.',
        status: 503,
        answer: { code: 'upstream_unavailable' },
      },
      {
        path: `/v1/kadaster/bag/id?id=${IDS.bagRateLimited}`,
        description: 'The BAG API rate-limits us (HTTP 429); retry after the Retry-After seconds.',
        status: 503,
        answer: { code: 'upstream_unavailable' },
      },
    ],
  },
  price: { fresh: credits(1), cached: credits(0) },
  cacheTtlMs: DAY,
  staleIfErrorMs: 7 * DAY,
  limits: { trial: 30, paid: 60, premium: 120 },
  timeoutMs: 10 * SECOND,
} satisfies EndpointDefinition;

export const BAG_SUGGEST_ENDPOINT = {
  ...base,
  id: 'property.bag.suggest',
  paths: ['/v1/kadaster/bag/address-suggest'],
  subject: PROPERTY_SUBJECTS.addressSuggest,
  upstreams: ['pdok'],
  request: AddressSuggestQuery,
  response: AddressSuggestResponse,
  summary: 'Address autocomplete',
  description:
    'At most 10 suggestions (PDOK Locatieserver) for a partial address: street and number with or without the city, or a postcode alone (1012AB or 1012 ab). Case and spacing do not matter: equivalent texts share one cache entry, cached one hour.',
  sandbox: {
    examples: [
      {
        path: '/v1/kadaster/bag/address-suggest?q=Westeringlaan%2018&limit=5',
        description: 'Westeringlaan 18A-1 … in Maasbree (a recorded PDOK answer).',
      },
      {
        path: '/v1/kadaster/bag/address-suggest?q=zzzz',
        description: 'Nothing matches (any text the recording lacks): an empty list.',
      },
    ],
    triggers: [
      {
        path: `/v1/kadaster/bag/address-suggest?q=${IDS.suggestTimeout}`,
        description: 'PDOK Locatieserver does not answer in time.',
        status: 504,
        answer: { code: 'upstream_timeout' },
      },
      {
        path: `/v1/kadaster/bag/address-suggest?q=${IDS.suggestDown}`,
        description: 'PDOK Locatieserver cannot be reached.',
        status: 503,
        answer: { code: 'upstream_unavailable' },
      },
    ],
  },
  price: { fresh: credits(1), cached: credits(0) },
  cacheTtlMs: HOUR,
  // Suggestions go stale quickly: an hour more at most.
  staleIfErrorMs: HOUR,
  limits: { trial: 60, paid: 300, premium: 600 },
  timeoutMs: 5 * SECOND,
} satisfies EndpointDefinition;

/** Every property endpoint, in catalog order. */
export const PROPERTY_ENDPOINTS: readonly EndpointDefinition[] = [
  PANDGEGEVENS_GET_ENDPOINT,
  WOZ_GET_ENDPOINT,
  BAG_GET_ENDPOINT,
  BAG_SUGGEST_ENDPOINT,
  BAG_NEARBY_ENDPOINT,
  PLANS_SEARCH_ENDPOINT,
];
