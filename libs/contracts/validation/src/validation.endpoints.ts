import { DAY, HOUR, MINUTE, SECOND, credits, type EndpointDefinition } from '@nl/contracts-core';
import {
  DisposableEmailBody,
  DnsRecordsQuery,
  EmailBody,
  VatCheckBody,
} from './validation.requests.js';
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
  upstreams: ['vies'],
  request: VatCheckBody,
  response: VatValidationResponse,
  errorResponses: [
    {
      status: 503,
      description:
        'VIES says the member state did not answer it (MS_UNAVAILABLE, TIMEOUT, MS_MAX_CONCURRENT_REQ) and no earlier answer is stored: `valid` null, `error` "ms_unavailable", with Retry-After. Not charged. VIES itself failing, or unreachable, is not the member state: that is the problem+json `upstream_unavailable`.',
      type: VatValidationResponse,
    },
  ],
  summary: 'Validate an EU VAT number (VIES)',
  description:
    'Format and checksum check, then a live VIES query; company name and address where the member state shares them. A stored answer is served when the member state or VIES is offline. With `requester_vat_number` the check is a VIES consultation: its number comes back in `consultation`, the check always asks VIES (never a stored answer, priced as fresh).',
  price: { fresh: credits(1), cached: credits(0.5) },
  cacheTtlMs: DAY,
  // An offline member state: the last answer stands in for a month.
  staleIfErrorMs: 30 * DAY,
  limits: { trial: 10, paid: 60, premium: 120 },
  x402: true,
  timeoutMs: 15 * SECOND,
  sandbox: {
    examples: [
      {
        path: '/v1/validate/vat',
        body: { vat_number: 'BE0244142664' },
        description: 'Valid, with the company name and address (a recorded VIES answer).',
      },
      {
        path: '/v1/validate/vat',
        body: { vat_number: 'NL004495445B01' },
        description: 'Valid, a Dutch number with name and address.',
      },
      {
        path: '/v1/validate/vat',
        body: { vat_number: 'DE129273398' },
        description: 'Valid; Germany shares no name or address, so `company` is null.',
      },
      {
        path: '/v1/validate/vat',
        body: { vat_number: 'NL004495445B01', requester_vat_number: 'BE0244142664' },
        description:
          "A consultation for a requester: `consultation` carries a consultation number in VIES's form (made by the sandbox; VIES numbers each real one), never a stored answer.",
      },
    ],
    triggers: [
      {
        path: '/v1/validate/vat',
        body: { vat_number: 'NL000000012B01' },
        description: 'Well-formed but not registered: VIES answers invalid.',
        status: 200,
        answer: { valid: false, error: null },
      },
      {
        path: '/v1/validate/vat',
        body: { vat_number: 'NL999999000B01' },
        description: "The member state's system is unavailable (MS_UNAVAILABLE), nothing stored.",
        status: 503,
        answer: { valid: null, error: 'ms_unavailable' },
      },
      {
        path: '/v1/validate/vat',
        body: { vat_number: 'NL999999004B01' },
        description: 'VIES itself does not answer in time, nothing stored.',
        status: 504,
        answer: { code: 'upstream_timeout' },
      },
      {
        path: '/v1/validate/vat',
        body: { vat_number: 'BE0244142664', requester_vat_number: 'NL000000012B01' },
        description:
          'A requester VIES does not hold as valid: VIES refuses it (INVALID_REQUESTER_INFO), a 400 on `requester_vat_number`, not charged.',
        status: 400,
        answer: { code: 'validation_failed', reason: 'INVALID_REQUESTER_INFO' },
      },
    ],
  },
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
  sandbox: {
    examples: [
      {
        path: '/v1/validate/email',
        body: { email: 'info@gmail.com' },
        description: 'Valid: gmail.com has MX records (recorded DNS answers).',
      },
    ],
    triggers: [
      {
        path: '/v1/validate/email',
        body: { email: 'someone@no-mx.example.net' },
        description: 'The domain exists but has no MX record.',
        status: 422,
        answer: {
          valid: false,
          checks: { format: true, domain_exists: true, has_mx_record: false },
        },
      },
      {
        path: '/v1/validate/email',
        body: { email: 'someone@unknown.example.net' },
        description: 'The domain does not exist (any domain the recording lacks).',
        status: 422,
        answer: { valid: false, checks: { domain_exists: false } },
      },
      {
        path: '/v1/validate/email',
        body: { email: 'someone@timeout.example.net' },
        description: 'The DNS resolvers do not answer.',
        status: 503,
        answer: { code: 'upstream_unavailable' },
      },
    ],
  },
} satisfies EndpointDefinition;

export const EMAIL_DISPOSABLE_ENDPOINT = {
  id: 'validation.email.disposable',
  domain: 'validation',
  method: 'POST',
  paths: ['/api/v1/validate/email/disposable', '/v1/validate/email/disposable'],
  subject: VALIDATION_SUBJECTS.disposable,
  request: DisposableEmailBody,
  response: DisposableResponse,
  summary: 'Disposable e-mail domain check',
  description:
    'Tests the domain of an address against a blocklist of more than 100,000 disposable-mail domains, refreshed several times a week. A hit is an indication only.',
  price: { fresh: credits(1), cached: credits(1) },
  cacheTtlMs: HOUR,
  limits: { free: 10, trial: 10, paid: 100, premium: 100 },
  x402: true,
  timeoutMs: 5 * SECOND,
  notes: ['Trial limit unstated: default 10. Cached price: none stated, equal to fresh.'],
  sandbox: {
    examples: [
      {
        path: '/v1/validate/email/disposable',
        body: { email: 'someone@mailinator.com' },
        description:
          'The shipped blocklist answers a test key as it answers a live key: disposable.',
      },
      {
        path: '/v1/validate/email/disposable',
        body: { email: 'info@gmail.com' },
        description: 'Not disposable.',
      },
    ],
  },
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
  staleIfErrorMs: 5 * MINUTE,
  limits: { trial: 25, paid: 250, premium: 500 },
  x402: true,
  timeoutMs: 10 * SECOND,
  sandbox: {
    examples: [
      {
        path: '/v1/lookup/dns/records?domain=gmail.com&type=MX',
        description: "Google Mail's five MX records (recorded DNS answers).",
      },
    ],
    triggers: [
      {
        path: '/v1/lookup/dns/records?domain=unknown.example.net',
        description: 'A name that does not exist (any name the recording lacks).',
        status: 200,
        answer: { found: false, records: [] },
      },
      {
        path: '/v1/lookup/dns/records?domain=servfail.example.net',
        description: 'The resolvers answer SERVFAIL.',
        status: 503,
        answer: { code: 'upstream_unavailable' },
      },
      {
        path: '/v1/lookup/dns/records?domain=timeout.example.net&type=A',
        description: 'The resolvers do not answer.',
        status: 503,
        answer: { code: 'upstream_unavailable' },
      },
    ],
  },
} satisfies EndpointDefinition;

/** Every validation endpoint, in catalog order. */
export const VALIDATION_ENDPOINTS: readonly EndpointDefinition[] = [
  VAT_CHECK_ENDPOINT,
  EMAIL_CHECK_ENDPOINT,
  EMAIL_DISPOSABLE_ENDPOINT,
  DNS_RECORDS_ENDPOINT,
];
