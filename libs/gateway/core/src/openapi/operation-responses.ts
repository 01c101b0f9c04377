import { applyDecorators, type Type } from '@nestjs/common';
import { ApiExtraModels, ApiHeader, ApiResponse, getSchemaPath } from '@nestjs/swagger';
import { ProblemDetails, type EndpointDefinition } from '@nl/contracts-core';
import {
  CREDIT_HEADERS,
  RATE_LIMIT_HEADERS,
  VALIDATOR_HEADERS,
  headerRefs,
  type ResponseHeaderName,
} from './response-headers.js';

/** What an operation's answers depend on: who pays, whether it takes a body, its own bodies. */
export interface OperationTraits {
  readonly method: EndpointDefinition['method'];
  /** Charged in credits (a catalog endpoint), not a free account endpoint. */
  readonly metered: boolean;
  readonly x402: boolean;
  readonly errorResponses?: EndpointDefinition['errorResponses'];
  /** Its 200 carries an `ETag`, and `If-None-Match` with it answers `304` (the account's). */
  readonly conditional?: boolean;
}

/** The headers of an answer after the rate-limit step counted the call (and credits, if metered). */
const counted = (traits: OperationTraits, ...more: ResponseHeaderName[]): ResponseHeaderName[] => [
  'X-Request-Id',
  ...RATE_LIMIT_HEADERS,
  ...(traits.metered ? CREDIT_HEADERS : []),
  ...more,
];

interface StandardError {
  readonly status: number;
  readonly description: string;
  readonly headers: (traits: OperationTraits) => ResponseHeaderName[];
  /** Only for operations that have it; every operation when absent. */
  readonly applies?: (traits: OperationTraits) => boolean;
}

const requestIdOnly = () => ['X-Request-Id'] as ResponseHeaderName[];

/** The problem+json answers of the pipeline, in the order the steps can give them. */
const STANDARD_ERRORS: readonly StandardError[] = [
  {
    status: 400,
    description:
      'Invalid parameters (`validation_failed`, with `errors[]` per field), or both `X-Api-Key` and `Authorization` sent (`ambiguous_credentials`).',
    headers: requestIdOnly,
  },
  {
    status: 401,
    description:
      'Missing, unknown or revoked API key, or a secret a roll replaced after its overlap (`unauthorized`); an API key past its expiry (`key_expired`, with `expired_at`).',
    headers: () => ['X-Request-Id', 'WWW-Authenticate'],
  },
  {
    status: 402,
    description:
      "Payment required (x402: `payment_required` with `PAYMENT-REQUIRED`, the body's `price` saying it in USDC, atomic units and credits), too few credits (`insufficient_credits`), or the API key's daily or monthly spend cap reached (`spend_cap_reached`, with when it resets).",
    headers: (t) =>
      counted(t, ...(t.x402 ? (['PAYMENT-REQUIRED', 'PAYMENT-RESPONSE'] as const) : [])),
    applies: (t) => t.metered,
  },
  {
    status: 403,
    description:
      "The tier or subscription does not include this endpoint (`forbidden`), the API key does not accept calls from this web page's origin (`origin_not_allowed`), or the endpoint's domain is outside the API key's scopes (`key_scope`, with `scopes` and `domain`).",
    headers: requestIdOnly,
    applies: (t) => t.metered,
  },
  {
    status: 413,
    description: 'The JSON body is larger than 4 KB (`payload_too_large`).',
    headers: requestIdOnly,
    applies: (t) => t.method === 'POST',
  },
  {
    status: 415,
    description: 'The body is not `application/json` (`unsupported_media_type`).',
    headers: requestIdOnly,
    applies: (t) => t.method === 'POST',
  },
  {
    status: 429,
    description: 'Rate limit exceeded (`rate_limited`); see `Retry-After`.',
    headers: () => ['X-Request-Id', ...RATE_LIMIT_HEADERS, 'Retry-After'],
  },
  {
    status: 500,
    description: 'An unexpected error (`internal`), with an `errorId` that is also in the log.',
    headers: requestIdOnly,
  },
  {
    status: 502,
    description: 'The upstream answered something unusable (`upstream_bad_response`). Not charged.',
    headers: (t) => counted(t),
    applies: (t) => t.metered,
  },
  {
    status: 503,
    description:
      'The service, its upstream or the database is unavailable (`service_unavailable`, `upstream_unavailable`, `database_unavailable`), or the upstream is not configured on this server (`upstream_not_configured`); `Retry-After` where a retry can help. Not charged, and a call the API could not serve at all (`service_unavailable`, `upstream_not_configured`) does not count against the rate limit.',
    headers: (t) => counted(t, 'Retry-After'),
  },
  {
    status: 504,
    description:
      'The service or its upstream did not answer in time (`upstream_timeout`, `gateway_timeout`). Not charged.',
    headers: (t) => counted(t),
    applies: (t) => t.metered,
  },
];

const problem = () => ({
  'application/problem+json': { schema: { $ref: getSchemaPath(ProblemDetails) } },
});

/**
 * Every error answer of an operation, each with the headers it carries: problem+json for the
 * standard ones; a body of the spec's own (`404 {found:false}`) as `application/json`, and,
 * where its status is also a standard one (VAT's `503 ms_unavailable` beside an outage), both
 * media types under that status. An own answer without a body type is problem+json.
 */
export function ApiErrorResponses(traits: OperationTraits): MethodDecorator & ClassDecorator {
  const own = traits.errorResponses ?? [];
  const standard = STANDARD_ERRORS.filter((e) => e.applies?.(traits) ?? true);
  const bodies = own.flatMap((e) => (e.type ? [e.type] : []));
  return applyDecorators(
    ApiExtraModels(ProblemDetails, ...bodies),
    ...own.map((e) => {
      const shared = standard.find((s) => s.status === e.status);
      return ApiResponse({
        status: e.status,
        description: shared
          ? `${e.description} Otherwise problem+json: ${shared.description}`
          : e.description,
        headers: headerRefs(shared ? shared.headers(traits) : counted(traits)),
        content: {
          ...(e.type && { 'application/json': { schema: { $ref: getSchemaPath(e.type) } } }),
          ...((shared || !e.type) && problem()),
        },
      });
    }),
    ...standard
      .filter((s) => !own.some((e) => e.status === s.status))
      .map((s) =>
        ApiResponse({
          status: s.status,
          description: s.description,
          headers: headerRefs(s.headers(traits)),
          content: problem(),
        }),
      ),
  );
}

/**
 * The success of an operation (200, or another 2xx such as a 202 for work queued): its body
 * type and the headers a success carries.
 */
export function ApiSuccessResponse(
  traits: OperationTraits,
  type: Type<unknown> | undefined,
  description: string,
  status = 200,
  /** A body that is not JSON (a file): its media types and schemas, instead of `type`. */
  content?: Record<string, { schema: object }>,
): MethodDecorator {
  const headers: ResponseHeaderName[] = traits.metered
    ? [
        ...counted(traits),
        'X-Cache',
        'Age',
        'X-Source',
        'X-Sandbox',
        ...(traits.x402 ? (['PAYMENT-RESPONSE'] as const) : []),
      ]
    : counted(traits, ...(traits.conditional ? VALIDATOR_HEADERS : []));
  const success = ApiResponse({
    status,
    description,
    headers: headerRefs(headers),
    ...(content ? { content } : { type }),
  });
  return traits.conditional ? applyDecorators(success, ...notModified(traits)) : success;
}

/** `If-None-Match` and its `304`, for an operation whose answers carry an `ETag`. */
function notModified(traits: OperationTraits): MethodDecorator[] {
  return [
    ApiHeader({
      name: 'If-None-Match',
      required: false,
      description:
        'The `ETag` of an answer you kept (or several, comma-separated): while the answer is still the same, it is `304` without a body.',
      schema: { type: 'string', example: '"Q3JlZGl0cy1hbmQtdXNhZ2UtZXhhbXBsZQ"' },
    }),
    ApiResponse({
      status: 304,
      description:
        'Not modified: `If-None-Match` holds the current `ETag`, so the answer you kept is still right. No body; free, and counted against the rate limit like a `200`.',
      headers: headerRefs(counted(traits, ...VALIDATOR_HEADERS)),
    }),
  ];
}
