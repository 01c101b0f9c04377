import { DAY, HOUR, SECOND, credits, type EndpointDefinition } from '@nl/contracts-core';
import { CompanySearchQuery } from './kvk-search.requests.js';
import { CompanySearchResponse } from './kvk-search.responses.js';
import { BranchQuery, CompanyQuery } from './kvk.requests.js';
import { BranchProfileResponse, CompanyProfileResponse, KvkNotFound } from './kvk.responses.js';
import { KVK_SUBJECTS } from './kvk.subjects.js';

const base = {
  domain: 'kvk',
  method: 'GET',
  x402: true,
  price: { fresh: credits(2), cached: credits(0.5) },
  cacheTtlMs: DAY,
  staleIfErrorMs: 7 * DAY,
  limits: { trial: 5, paid: 60, premium: 120 },
  timeoutMs: 15 * SECOND,
  notes: [
    'Cached 24 hours (spec silent): register data changes rarely and each KVK call costs us €0.02.',
  ],
} as const;

/** Failure triggers shared by both endpoints: KVK numbers that make the register misbehave. */
const triggers = (path: (kvk: string) => string) => [
  {
    path: path('12345678'),
    description: 'Not in the register (KVK answers IPD0005; any number the recording lacks).',
    status: 404,
    answer: { found: false, result: null },
  },
  {
    path: path('99999504'),
    description: 'KVK does not answer in time.',
    status: 504,
    answer: { code: 'upstream_timeout' },
  },
  {
    path: path('99999503'),
    description: 'KVK reports its data temporarily unavailable (IPD1002).',
    status: 503,
    answer: { code: 'upstream_unavailable' },
  },
  {
    path: path('99999429'),
    description: 'KVK rate-limits us (HTTP 429).',
    status: 503,
    answer: { code: 'upstream_unavailable' },
  },
];

export const COMPANY_GET_ENDPOINT = {
  ...base,
  id: 'kvk.company.get',
  paths: ['/v1/kvk/:companyNumber'],
  subject: KVK_SUBJECTS.company,
  upstreams: ['kvk'],
  request: CompanyQuery,
  response: CompanyProfileResponse,
  errorResponses: [
    {
      status: 404,
      description: 'The register has no company with this number. Not charged.',
      type: KvkNotFound,
    },
  ],
  summary: 'Company base profile',
  description:
    "Base profile of a company by its 8-digit KVK number: names, SBI activities, main branch with its addresses, and a `vat` block with the VAT number derived from the company's RSIN. `vat` compares a VAT number with the company's own; `vies=true` validates the company's own number live in VIES (through our VAT service). Each activity says its SBI edition (`sbiEdition`: KVK answers carry SBI 2008 codes before its September 2025 switch, and some since) and, for an SBI 2008 code, its SBI 2025 candidates (`sbi2025`). Links point at our own endpoints.",
  notes: [
    ...base.notes,
    'vies=true costs nothing extra: VIES is free, and the check is part of the profile price.',
  ],
  sandbox: {
    examples: [
      {
        path: '/v1/kvk/69599084',
        description: 'A sole proprietorship (test environment company): no RSIN, so no VAT number.',
      },
      {
        path: '/v1/kvk/90000749',
        description: 'An owners’ association without a main branch; VAT number from its RSIN.',
      },
    ],
    triggers: triggers((kvk) => `/v1/kvk/${kvk}`),
  },
} satisfies EndpointDefinition;

export const BRANCH_GET_ENDPOINT = {
  ...base,
  id: 'kvk.branch.get',
  paths: ['/v1/kvk/:companyNumber/branch'],
  subject: KVK_SUBJECTS.branch,
  upstreams: ['kvk'],
  request: BranchQuery,
  response: BranchProfileResponse,
  errorResponses: [
    {
      status: 404,
      description:
        'No such company, no such branch of it, or the company has no main branch. Not charged.',
      type: KvkNotFound,
    },
  ],
  summary: 'Branch profile',
  description:
    'Profile of one branch (`vestigingsnummer`), or of the main branch when none is given: trade names, addresses, websites and SBI activities, each with its SBI edition as in the base profile.',
  sandbox: {
    examples: [
      {
        path: '/v1/kvk/69599084/branch?vestigingsnummer=000038509504',
        description: 'A recorded branch profile (test environment).',
      },
      {
        path: '/v1/kvk/69599084/branch',
        description: 'The main branch of the company, found through its base profile.',
      },
      {
        path: '/v1/kvk/68750110/branch?vestigingsnummer=000037178598',
        description:
          'A recorded branch whose SBI code 01241 reads the same in SBI 2008 and SBI 2025 (its company’s base profile was not recorded).',
      },
    ],
    triggers: triggers((kvk) => `/v1/kvk/${kvk}/branch`),
  },
} satisfies EndpointDefinition;

export const COMPANY_SEARCH_ENDPOINT = {
  ...base,
  id: 'kvk.company.search',
  paths: ['/v1/kvk/search'],
  subject: KVK_SUBJECTS.search,
  upstreams: ['kvk'],
  request: CompanySearchQuery,
  response: CompanySearchResponse,
  price: { fresh: credits(0.1), cached: credits(0.05) },
  cacheTtlMs: HOUR,
  staleIfErrorMs: DAY,
  limits: { trial: 60, paid: 300, premium: 600 },
  notes: [
    'Cached 1 hour (spec silent): a search is cheap for KVK (Zoeken costs us nothing a call) and its hits change as registrations do; a copy up to a day old stands in when KVK fails.',
    'Limits: Trial 60 a minute as asked; Paid and Premium as the local-data endpoints (300, 600).',
  ],
  summary: 'Company search',
  description:
    'Search the company register (KVK Zoeken) by name, street, place, postcode with house number, KVK number, RSIN or branch number, optionally only some types of hit and with ended registrations. Each hit is a main branch, another branch or a legal entity (a legal entity has no branch number and often no address), with links to our own base and branch profiles. Paged: `per_page` 10 to 100; at most 1,000 hits of one search can be paged through (page × per_page ≤ 1,000). No hits is a 200 with `total: 0`.',
  sandbox: {
    examples: [
      {
        path: '/v1/kvk/search?kvk_number=69599084',
        description:
          'A recorded search: the main branch and another branch of the sole proprietorship.',
      },
      {
        path: '/v1/kvk/search?rsin=992760562',
        description: 'A recorded search by RSIN: the main branch of a BV, a P.O. box address.',
      },
      {
        path: '/v1/kvk/search?branch_number=990000541921',
        description: 'A recorded search by branch number.',
      },
      {
        path: '/v1/kvk/search?kvk_number=12345678',
        description: 'A recorded search without hits (KVK answers IPD5200): total 0.',
      },
    ],
    // A number KVK does not know is no failure here: a search without hits (an example above).
    triggers: triggers((kvk) => `/v1/kvk/search?kvk_number=${kvk}`).filter((t) => t.status !== 404),
  },
} satisfies EndpointDefinition;

/** Every kvk endpoint, in catalog order. */
export const KVK_ENDPOINTS: readonly EndpointDefinition[] = [
  COMPANY_SEARCH_ENDPOINT,
  COMPANY_GET_ENDPOINT,
  BRANCH_GET_ENDPOINT,
];
