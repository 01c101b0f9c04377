import { DAY, SECOND, credits, type EndpointDefinition } from '@nl/contracts-core';
import { CBS_SUBJECTS } from './cbs.subjects.js';
import { SbiIndexQuery, SbiLookupParams, SbiSearchQuery } from './sbi.requests.js';
import { SbiIndexResponse, SbiLookupResponse, SbiSearchResponse } from './sbi.responses.js';

// Industry codes are local data, cheap to answer: higher limits than the data endpoints'
// defaults (Trial 60, Paid 300, Premium 600).
// The spec states no cached price, so a cached answer costs the same as a fresh one.
const limits = { trial: 60, paid: 300, premium: 600 };
const common = {
  domain: 'cbs',
  method: 'GET',
  cacheTtlMs: DAY,
  limits,
  x402: true,
  timeoutMs: 5 * SECOND,
  notes: ['Limits: the default for local data. Cached price: none stated, equal to fresh.'],
} as const;

export const SBI_INDEX_ENDPOINT = {
  ...common,
  id: 'cbs.sbi.index',
  paths: ['/v1/cbs/sbi'],
  subject: CBS_SUBJECTS.index,
  summary: 'SBI 2025 index',
  description:
    'All 1,954 SBI 2025 codes (22 sections A–V down to 5-digit subclasses), optionally filtered by level or parent code, paginated.',
  request: SbiIndexQuery,
  response: SbiIndexResponse,
  sandbox: {
    examples: [
      {
        path: '/v1/cbs/sbi?level=section',
        description:
          'The SBI 2025 table ships with the product: a test key gets the same answer as a live key, free.',
      },
    ],
  },
  price: { fresh: credits(0.5), cached: credits(0.5) },
} satisfies EndpointDefinition;

export const SBI_SEARCH_ENDPOINT = {
  ...common,
  id: 'cbs.sbi.search',
  paths: ['/v1/cbs/sbi/search'],
  subject: CBS_SUBJECTS.search,
  summary: 'Search SBI 2025 codes',
  description:
    'Keyword or code search over Dutch and English titles, case- and accent-insensitive, with Dutch/English stemming and trigram fuzziness. A code prefix (`62`) lists that branch. Ranked: exact code, code prefix, title words, fuzzy.',
  request: SbiSearchQuery,
  response: SbiSearchResponse,
  sandbox: {
    examples: [
      {
        path: '/v1/cbs/sbi/search?q=bakkerij',
        description:
          'The SBI 2025 table ships with the product: a test key gets the same answer as a live key, free.',
      },
    ],
  },
  price: { fresh: credits(0.1), cached: credits(0.1) },
} satisfies EndpointDefinition;

export const SBI_LOOKUP_ENDPOINT = {
  ...common,
  id: 'cbs.sbi.lookup',
  paths: ['/v1/cbs/sbi/:code'],
  subject: CBS_SUBJECTS.lookup,
  summary: 'One SBI 2025 code',
  description:
    'One code with its Dutch and English title, level, parent, section, the path from the section down and its children. Accepts `62.10` and `6210`. `edition=2008` reads the code in SBI 2008, as KVK answers before its September 2025 switch carry it (e.g. `1011`), and adds `successors`: its SBI 2025 candidates with their mapping type, derived through NACE since CBS’s official SBI 2008 → 2025 table is not public.',
  request: SbiLookupParams,
  response: SbiLookupResponse,
  sandbox: {
    examples: [
      {
        path: '/v1/cbs/sbi/62.10',
        description:
          'The SBI 2025 table ships with the product: a test key gets the same answer as a live key, free.',
      },
      {
        path: '/v1/cbs/sbi/10.11?edition=2008',
        description:
          'An SBI 2008 class as older KVK answers carry it, with its SBI 2025 candidates (shipped data too).',
      },
    ],
    triggers: [
      {
        path: '/v1/cbs/sbi/99.99',
        description: 'A code SBI 2025 does not have.',
        status: 404,
        answer: { found: false, result: null },
      },
    ],
  },
  errorResponses: [
    {
      status: 404,
      description: 'Unknown code: `{found:false, result:null}`.',
      type: SbiLookupResponse,
    },
  ],
  price: { fresh: credits(0.1), cached: credits(0.1) },
} satisfies EndpointDefinition;

/** Every cbs endpoint, in catalog order. */
export const CBS_ENDPOINTS: readonly EndpointDefinition[] = [
  SBI_INDEX_ENDPOINT,
  SBI_SEARCH_ENDPOINT,
  SBI_LOOKUP_ENDPOINT,
];
