import { DAY, HOUR, MINUTE, SECOND, credits, type EndpointDefinition } from '@nl/contracts-core';
import { DnsRecordsQuery, EmailBody, VatCheckBody } from './validation.requests.js';
import {
  DisposableResponse,
  DnsRecordsResponse,
  EmailValidationResponse,
  VatValidationResponse,
} from './validation.responses.js';
import { VALIDATION_SUBJECTS } from './validation.subjects.js';

export const VAT_CHECK_ENDPOINT = {
  id: 'validation.vat.check',
  domain: 'validation',
  method: 'POST',
  paths: ['/v1/validate/vat'],
  subject: VALIDATION_SUBJECTS.vat,
  request: VatCheckBody,
  response: VatValidationResponse,
  errorResponses: [
    {
      status: 503,
      description:
        'The member state is unavailable and no earlier answer is stored: `valid` null, `error` "ms_unavailable", with Retry-After. Not charged.',
      type: VatValidationResponse,
    },
  ],
  summary: 'Validate an EU VAT number (VIES)',
  description:
    'Format and checksum check, then a live VIES query; company name and address where the member state shares them. A stored answer is served when the member state is offline.',
  price: { fresh: credits(1), cached: credits(0.5) },
  cacheTtlMs: DAY,
  limits: { trial: 10, paid: 60, premium: 120 },
  x402: true,
  timeoutMs: 15 * SECOND,
} satisfies EndpointDefinition;

export const EMAIL_CHECK_ENDPOINT = {
  id: 'validation.email.check',
  domain: 'validation',
  method: 'POST',
  paths: ['/v1/validate/email'],
  subject: VALIDATION_SUBJECTS.email,
  request: EmailBody,
  response: EmailValidationResponse,
  errorResponses: [
    {
      status: 422,
      description:
        'A check failed: `valid` false, and `checks` shows the failing step (format, domain_exists or has_mx_record) as false. Not charged.',
      type: EmailValidationResponse,
    },
  ],
  summary: 'Validate an e-mail address',
  description:
    'RFC 5321 syntax, domain exists in DNS, domain has MX records; 422 names the failing check.',
  price: { fresh: credits(1), cached: credits(1) },
  cacheTtlMs: HOUR,
  limits: { trial: 10, paid: 200, premium: 400 },
  x402: true,
  timeoutMs: 10 * SECOND,
  notes: ['Cached price: 1.00 (stated for Trial, applied to all tiers).'],
} satisfies EndpointDefinition;

export const EMAIL_DISPOSABLE_ENDPOINT = {
  id: 'validation.email.disposable',
  domain: 'validation',
  method: 'POST',
  paths: ['/api/v1/validate/email/disposable', '/v1/validate/email/disposable'],
  subject: VALIDATION_SUBJECTS.disposable,
  request: EmailBody,
  response: DisposableResponse,
  summary: 'Disposable e-mail domain check',
  description:
    'Tests the domain of an address against a blocklist of more than 100,000 disposable-mail domains, refreshed several times a week. A hit is an indication only.',
  price: { fresh: credits(1), cached: credits(1) },
  cacheTtlMs: HOUR,
  limits: { free: 10, trial: 10, paid: 100, premium: 100 },
  x402: true,
  timeoutMs: 5 * SECOND,
  notes: ['Trial limit unstated: §6 default 10. Cached price: none stated, equal to fresh.'],
} satisfies EndpointDefinition;

export const DNS_RECORDS_ENDPOINT = {
  id: 'validation.dns.records',
  domain: 'validation',
  method: 'GET',
  paths: ['/v1/lookup/dns/records'],
  subject: VALIDATION_SUBJECTS.dns,
  request: DnsRecordsQuery,
  response: DnsRecordsResponse,
  summary: 'DNS records of a domain',
  description: 'A, AAAA, CNAME, MX, NS, TXT, SOA, PTR, SRV or ALL (each type queried and merged).',
  price: { fresh: credits(1), cached: credits(0) },
  cacheTtlMs: 5 * MINUTE,
  limits: { trial: 25, paid: 250, premium: 500 },
  x402: true,
  timeoutMs: 10 * SECOND,
} satisfies EndpointDefinition;

/** Every validation endpoint, in catalog order. */
export const VALIDATION_ENDPOINTS: readonly EndpointDefinition[] = [
  VAT_CHECK_ENDPOINT,
  EMAIL_CHECK_ENDPOINT,
  EMAIL_DISPOSABLE_ENDPOINT,
  DNS_RECORDS_ENDPOINT,
];
