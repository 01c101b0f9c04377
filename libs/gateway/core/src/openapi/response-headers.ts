import type { HeaderObject, HeadersObject } from '@nestjs/swagger';

const text = (description: string, example: string): HeaderObject => ({
  description,
  schema: { type: 'string', example },
});
const integer = (description: string, example: number): HeaderObject => ({
  description,
  schema: { type: 'integer', minimum: 0, example },
});

/**
 * Every response header the gateway sends on its API answers, once, as `components.headers`;
 * operations refer to them by name. The names are written as the HTTP texts spell them.
 */
export const RESPONSE_HEADERS = {
  'X-Request-Id': text(
    "The request's id: the caller's own `X-Request-Id` when it is a token of 8-128 characters (letters, digits, `._:-`), else a new UUID. Problem bodies carry it as `requestId`; quote it to support.",
    '2f1c7d4e-5b7a-4a53-9d0e-8a1c9b5e0f3a',
  ),
  'RateLimit-Limit': integer(
    "Calls per minute this key may make to this endpoint (its tier's limit).",
    60,
  ),
  'RateLimit-Remaining': integer('Calls left in the current minute.', 59),
  'RateLimit-Reset': integer('Seconds until the current minute window ends.', 42),
  RateLimit: text(
    'The same as structured fields of the IETF draft (draft-ietf-httpapi-ratelimit-headers): `"<endpoint id>";r=<remaining>;t=<seconds to reset>`.',
    '"cbs.sbi.lookup";r=59;t=42',
  ),
  'RateLimit-Policy': text(
    'The quota as the IETF draft writes it: `"<endpoint id>";q=<calls>;w=60` (per 60 seconds).',
    '"cbs.sbi.lookup";q=60;w=60',
  ),
  'Retry-After': integer('Seconds to wait before trying again.', 30),
  'X-Cache': {
    description:
      "Where the answer came from: `MISS` (the source, fresh price), `HIT` (the service's cache, cached price), `STALE` (a stored answer served while the source is down, cached price) or `BYPASS` (the source, because the request's `Cache-Control` said `no-cache` or `max-age=0`; fresh price).",
    schema: { type: 'string', enum: ['HIT', 'MISS', 'STALE', 'BYPASS'], example: 'MISS' },
  },
  Age: integer('Seconds since the answer was fetched from its source.', 0),
  'X-Source': text(
    'Which upstream or data set answered, joined with `+` when several did.',
    'pdok+bag',
  ),
  'X-Sandbox': {
    description: 'Present (`true`) on the answers to a test key (`nlk_test_…`): recorded data.',
    schema: { type: 'string', enum: ['true'] },
  },
  'X-Credits-Charged': text(
    'Credits this call cost, two decimals: the fresh or cached price on a success, `0.00` on every failure and on a test key. Not sent to x402 payers.',
    '1.00',
  ),
  'X-Credits-Remaining': text(
    "The account's balance after this call, two decimals. Not sent to x402 payers.",
    '99.00',
  ),
  'PAYMENT-REQUIRED': text(
    'x402: base64 JSON of the payment requirements (network, asset, amount, payTo), the resource URL and the Bazaar discovery extension of the route (`extensions.bazaar`: method, input and output schemas) on a 402 to a caller without a key, where the operation accepts x402.',
    'eyJ4NDAyVmVyc2lvbiI6Mi…',
  ),
  'PAYMENT-RESPONSE': text(
    'x402: base64 JSON of the settlement (transaction, network, payer) on the answer to a paid call.',
    'eyJzdWNjZXNzIjp0cnVlLC…',
  ),
  ETag: text(
    'A validator of this answer (a strong tag of its bytes). Send it back in `If-None-Match`: while the answer is the same, the next one is `304` without a body.',
    '"Q3JlZGl0cy1hbmQtdXNhZ2UtZXhhbXBsZQ"',
  ),
  'Cache-Control': text(
    'How the answer may be kept: `private, no-cache` (by the caller only, and asked again each time, with `If-None-Match`).',
    'private, no-cache',
  ),
  'WWW-Authenticate': text(
    'On a 401: the bearer scheme the API accepts.',
    'Bearer realm="nl-data-api"',
  ),
} satisfies Record<string, HeaderObject>;

export type ResponseHeaderName = keyof typeof RESPONSE_HEADERS;

/** The headers the rate-limit step sets on every answer after it counted the call. */
export const RATE_LIMIT_HEADERS: readonly ResponseHeaderName[] = [
  'RateLimit-Limit',
  'RateLimit-Remaining',
  'RateLimit-Reset',
  'RateLimit',
  'RateLimit-Policy',
];

/** The headers of an answer a client may keep and revalidate (`If-None-Match`, `304`). */
export const VALIDATOR_HEADERS: readonly ResponseHeaderName[] = ['ETag', 'Cache-Control'];

/** The credit headers of a call made with an API key, success or failure. */
export const CREDIT_HEADERS: readonly ResponseHeaderName[] = [
  'X-Credits-Charged',
  'X-Credits-Remaining',
];

/** References to the named components, as a response's `headers`. */
export function headerRefs(names: readonly ResponseHeaderName[]): HeadersObject {
  return Object.fromEntries(names.map((name) => [name, { $ref: `#/components/headers/${name}` }]));
}
