import type { ErrorCode } from '@nl/contracts-core';

/** The one registry from error code to HTTP status (ARCHITECTURE §9, STYLE.md). */
export const ERROR_STATUS: Record<ErrorCode, number> = {
  validation_failed: 400,
  bad_request: 400,
  ambiguous_credentials: 400,
  unauthorized: 401,
  payment_required: 402,
  insufficient_credits: 402,
  forbidden: 403,
  not_found: 404,
  route_not_found: 404,
  method_not_allowed: 405,
  payload_too_large: 413,
  unsupported_media_type: 415,
  unprocessable: 422,
  rate_limited: 429,
  internal: 500,
  upstream_bad_response: 502,
  service_unavailable: 503,
  upstream_unavailable: 503,
  upstream_not_configured: 503,
  upstream_timeout: 504,
  gateway_timeout: 504,
};
