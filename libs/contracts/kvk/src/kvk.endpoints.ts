import { DAY, SECOND, credits, type EndpointDefinition } from '@nl/contracts-core';
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

/** Every kvk endpoint, in catalog order. */
export const KVK_ENDPOINTS: readonly EndpointDefinition[] = [
  COMPANY_GET_ENDPOINT,
  BRANCH_GET_ENDPOINT,
];
