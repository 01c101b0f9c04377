import type { VatValidationResponse } from '@nl/contracts-validation';
import type { ViesCheckAnswer, ViesOutcome } from './vies.types.js';

/** Errors meaning "the member state (or VIES) could not answer now": retry later, serve stale. */
export const VIES_UNAVAILABLE = new Set([
  'MS_UNAVAILABLE',
  'TIMEOUT',
  'MS_MAX_CONCURRENT_REQ',
  'MS_MAX_CONCURRENT_REQ_TIME',
  'SERVICE_UNAVAILABLE',
  'GLOBAL_MAX_CONCURRENT_REQ',
  'GLOBAL_MAX_CONCURRENT_REQ_TIME',
  'SERVER_BUSY',
]);

/**
 * Reads any VIES answer: HTTP 200 with `valid`, HTTP 200 whose `userError` is an error code
 * (VIES reports its own failures that way too: never read those as "invalid"), or a 4xx/5xx
 * `{actionSucceed:false, errorWrappers:[{error, message}]}`.
 */
export function readViesAnswer(status: number, body: unknown): ViesOutcome {
  const record = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const wrappers = record['errorWrappers'];
  if (Array.isArray(wrappers) && wrappers.length > 0) {
    const first = wrappers[0] as { error?: unknown; message?: unknown };
    return {
      kind: 'error',
      code: String(first.error ?? 'SERVICE_UNAVAILABLE'),
      message: String(first.message ?? ''),
    };
  }
  const answer = record as ViesCheckAnswer;
  const userError = typeof answer.userError === 'string' ? answer.userError : undefined;
  if (userError && userError !== 'VALID' && userError !== 'INVALID')
    return { kind: 'error', code: userError, message: '' };
  if (status !== 200)
    return { kind: 'error', code: 'SERVICE_UNAVAILABLE', message: `HTTP ${status}` };
  const valid =
    typeof answer.valid === 'boolean'
      ? answer.valid
      : userError
        ? userError === 'VALID'
        : typeof answer.isValid === 'boolean'
          ? answer.isValid
          : undefined;
  if (valid === undefined)
    return { kind: 'error', code: 'BAD_RESPONSE', message: 'VIES answered without a verdict' };
  return { kind: 'answer', answer, valid };
}

/** `---` (not disclosed) and blank mean "not shared". */
function shared(value: string | null | undefined): string | null {
  const text = (value ?? '').trim();
  return text === '' || /^-+$/.test(text) ? null : text;
}

/** Lines trimmed, inner runs of spaces collapsed, empty lines dropped, joined by `\n`. */
export function normaliseAddress(value: string | null | undefined): string | null {
  const text = shared(value);
  if (!text) return null;
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
  return lines.length ? lines.join('\n') : null;
}

/** The spec's VAT response from a definitive VIES answer. */
export function toVatResponse(
  vatNumber: string,
  countryCode: string,
  answer: ViesCheckAnswer,
  valid: boolean,
  now: Date = new Date(),
): VatValidationResponse {
  const name = shared(answer.name);
  const requestDate = answer.requestDate ? new Date(answer.requestDate) : now;
  return {
    valid,
    vat_number: vatNumber,
    country_code: countryCode,
    request_date: Number.isNaN(requestDate.getTime())
      ? now.toISOString()
      : requestDate.toISOString(),
    company: valid && name ? { name, address: normaliseAddress(answer.address) } : null,
    error: null,
    message: valid
      ? name
        ? 'The VAT number is valid.'
        : `The VAT number is valid; the ${countryCode} tax authority does not share the company name and address.`
      : 'The VAT number is not registered for intra-EU trade (VIES says invalid).',
  };
}
