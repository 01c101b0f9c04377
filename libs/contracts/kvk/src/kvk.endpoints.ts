import { DAY, SECOND, credits, type EndpointDefinition } from '@nl/contracts-core';
import { KVK_SUBJECTS } from './kvk.subjects.js';

const base = {
  domain: 'kvk',
  method: 'GET',
  x402: true,
  price: { fresh: credits(2), cached: credits(0.5) },
  cacheTtlMs: DAY,
  limits: { trial: 5, paid: 60, premium: 120 },
  timeoutMs: 10 * SECOND,
} as const;

export const COMPANY_GET_ENDPOINT = {
  ...base,
  id: 'kvk.company.get',
  paths: ['/v1/kvk/:companyNumber'],
  subject: KVK_SUBJECTS.company,
  summary: 'Company base profile',
  description:
    'Base profile of a company by its 8-digit KVK number; `vat` compares a VAT number with the company’s own, `vies=true` validates it live.',
} satisfies EndpointDefinition;

export const BRANCH_GET_ENDPOINT = {
  ...base,
  id: 'kvk.branch.get',
  paths: ['/v1/kvk/:companyNumber/branch'],
  subject: KVK_SUBJECTS.branch,
  summary: 'Branch profile',
  description:
    'Profile of one branch (`vestigingsnummer`), or of the main branch when none is given.',
} satisfies EndpointDefinition;

/** Every kvk endpoint, in catalog order. */
export const KVK_ENDPOINTS: readonly EndpointDefinition[] = [
  COMPANY_GET_ENDPOINT,
  BRANCH_GET_ENDPOINT,
];
