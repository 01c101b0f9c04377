import type { VatValidationResponse } from '@nl/contracts-validation';
import type { ViesCheckAnswer, ViesOutcome } from './vies.types.js';

/**
 * Who an error VIES reports is about, from the fault strings its WSDL documents:
 * - `member_state`: the member state's system did not answer VIES (MS_UNAVAILABLE; TIMEOUT, "did
 *   not receive a reply within the allocated time period") or is too busy (MS_MAX_CONCURRENT_REQ*);
 * - `vies`: VIES itself failed ("an error at the network level or the Web application level",
 *   SERVICE_UNAVAILABLE; "high traffic on the web application", GLOBAL_MAX_CONCURRENT_REQ*; the
 *   older SERVER_BUSY), as is an HTTP error status without an error code (read as
 *   SERVICE_UNAVAILABLE);
 * - `bad_input`: VIES found the number malformed (INVALID_INPUT);
 * - `refused`: anything else (VAT_BLOCKED, IP_BLOCKED, INVALID_REQUESTER_INFO, an answer without a
 *   verdict, a code we do not know): VIES will not give this answer, and retrying does not help.
 */
export type ViesErrorClass = 'member_state' | 'vies' | 'bad_input' | 'refused';

const ERROR_CLASSES: Readonly<Record<string, ViesErrorClass>> = {
  MS_UNAVAILABLE: 'member_state',
  TIMEOUT: 'member_state',
  MS_MAX_CONCURRENT_REQ: 'member_state',
  MS_MAX_CONCURRENT_REQ_TIME: 'member_state',
  SERVICE_UNAVAILABLE: 'vies',
  GLOBAL_MAX_CONCURRENT_REQ: 'vies',
  GLOBAL_MAX_CONCURRENT_REQ_TIME: 'vies',
  SERVER_BUSY: 'vies',
  INVALID_INPUT: 'bad_input',
};

export function viesErrorClass(code: string): ViesErrorClass {
  return Object.hasOwn(ERROR_CLASSES, code) ? ERROR_CLASSES[code] : 'refused';
}

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
