import type { VatValidationResponse } from '@nl/contracts-validation';
import { DomainError } from '@nl/platform-errors';
import { UpstreamError } from '@nl/platform-upstream';

export const VIES_SOURCE = 'vies';
/** Member states have scheduled downtime: minutes, not seconds. */
const MEMBER_STATE_RETRY_AFTER_SECONDS = 300;
const VIES_RETRY_AFTER_SECONDS = 60;

/** What we could not reach VIES for, or how it failed us (UpstreamError's kind). */
const UPSTREAM_FAILURES: Record<UpstreamError['kind'], string> = {
  circuit_open: 'VIES failed repeatedly, so VAT checks are paused for a short while',
  unavailable: 'VIES could not be reached',
  timeout: 'VIES did not answer in time',
};

/**
 * VIES gave no verdict now, either because the member state's system did not answer it
 * (`memberState`: the spec's `ms_unavailable` body) or because VIES itself, or our way to it,
 * failed (a plain `upstream_unavailable` or `upstream_timeout` problem). Either way a stored
 * answer may stand in: it is an upstream failure.
 */
export class NoVerdict extends UpstreamError {
  readonly code: 'upstream_unavailable' | 'upstream_timeout';

  constructor(
    kind: 'unavailable' | 'timeout',
    readonly reason: string,
    readonly memberState: boolean,
  ) {
    super(VIES_SOURCE, kind, reason);
    this.code = kind === 'timeout' ? 'upstream_timeout' : 'upstream_unavailable';
  }

  static ofUpstream(error: UpstreamError): NoVerdict {
    const kind = error.kind === 'timeout' ? 'timeout' : 'unavailable';
    return new NoVerdict(kind, UPSTREAM_FAILURES[error.kind], false);
  }
}

/** A stored answer standing in for the one VIES cannot give now, saying why. */
export function staleAnswer(
  response: VatValidationResponse,
  why: NoVerdict,
): VatValidationResponse {
  const now = why.memberState ? 'The member state is offline now' : 'VIES cannot answer now';
  return {
    ...response,
    message: `${response.message} ${now}; this is its answer of ${response.request_date}.`,
  };
}

/**
 * The error of a check without a verdict and without a stored answer to stand in: the spec's
 * `503 ms_unavailable` body when the member state did not answer VIES, else a plain problem.
 */
export function unanswered(
  error: NoVerdict,
  vatNumber: string,
  countryCode: string,
  now: string,
): DomainError {
  const details = { upstream: VIES_SOURCE, reason: error.reason };
  if (!error.memberState)
    return new DomainError(
      error.code,
      `${error.reason}, and no earlier answer is stored; retry in a minute.`,
      { retryAfterSeconds: VIES_RETRY_AFTER_SECONDS, details },
    );
  const message = `The ${countryCode} VAT system is not available (${error.reason}) and no earlier answer is stored; retry in a few minutes.`;
  return new DomainError(error.code, message, {
    retryAfterSeconds: MEMBER_STATE_RETRY_AFTER_SECONDS,
    details,
    body: {
      valid: null,
      vat_number: vatNumber,
      country_code: countryCode,
      request_date: now,
      company: null,
      error: 'ms_unavailable',
      message,
    } satisfies VatValidationResponse,
  });
}
