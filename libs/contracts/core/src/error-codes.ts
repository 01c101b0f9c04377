/**
 * Every coded error a service or the gateway can raise. Services pick a code; only the gateway
 * turns a code into an HTTP status, so one error reads the same whichever service raised it.
 */
export const ERROR_CODES = {
  validation_failed: 'The request has invalid parameters.',
  bad_request: 'The request could not be understood.',
  ambiguous_credentials: 'Send the API key in exactly one header.',
  unauthorized: 'A valid API key is required.',
  key_expired: 'The API key has expired.',
  payment_required: 'This endpoint requires payment.',
  insufficient_credits: 'The account has too few credits for this call.',
  spend_cap_reached: "This call would exceed the API key's daily or monthly spend cap.",
  forbidden: 'The account may not call this endpoint.',
  origin_not_allowed: 'This API key does not accept calls from the origin of this web page.',
  key_scope: "This endpoint's domain is outside the API key's scopes.",
  not_found: 'Nothing was found.',
  route_not_found: 'There is no such endpoint.',
  method_not_allowed: 'The endpoint does not accept this method.',
  payload_too_large: 'The request body is too large.',
  unsupported_media_type: 'Send the body as application/json.',
  uri_too_long: 'The request line or a path parameter is too long.',
  headers_too_large: 'The request headers are too large.',
  expectation_failed: 'The Expect header cannot be met.',
  unprocessable: 'The input is well-formed but fails a check.',
  rate_limited: 'Too many requests; retry later.',
  service_unavailable: 'The service behind this endpoint is not available.',
  transport_unavailable: 'The message transport between the gateway and the services is down.',
  database_unavailable: 'The database is not available right now.',
  shutting_down: 'This server is shutting down; retry on another.',
  upstream_bad_response: 'The upstream source gave an answer we could not use.',
  upstream_unavailable: 'The upstream source is not available.',
  upstream_not_configured: 'The upstream source is not configured on this server.',
  upstream_timeout: 'The upstream source did not answer in time.',
  gateway_timeout: 'The service behind this endpoint did not answer in time.',
  internal: 'An unexpected error occurred.',
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_CODES, value);
}

/** One failed field of a request. */
export interface FieldError {
  /** Dotted path of the field (`per_page`, `address.postcode`). */
  readonly field: string;
  readonly message: string;
}
