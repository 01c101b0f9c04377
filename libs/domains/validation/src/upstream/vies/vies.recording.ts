import type { RecordedAnswer, RecordedReply, Recording } from '@nl/platform-upstream';
import type { UpstreamRequest } from '@nl/platform-upstream';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';

/** One number VIES knows, with the answer it gave (see recorded/PROVENANCE.md). */
export interface ViesRegistration {
  readonly countryCode: string;
  readonly vatNumber: string;
  /** `---` where the member state does not share it (as DE does). */
  readonly name: string;
  readonly address: string;
  /** When the answer was recorded; answers built in code carry the time they are given. */
  readonly requestDate?: string;
}

const recorded = (file: string): ViesRegistration => {
  const body = JSON.parse(
    readFileSync(new URL(`./recorded/${file}`, import.meta.url), 'utf8'),
  ) as Record<string, unknown>;
  return {
    countryCode: String(body['countryCode']),
    vatNumber: String(body['vatNumber']),
    name: String(body['name']),
    address: String(body['address']),
    requestDate: String(body['requestDate']),
  };
};

/** The numbers the recording holds: two recorded answers and DE's undisclosed shape. */
export function recordedRegistry(): ViesRegistration[] {
  return [
    recorded('check-vat-number_BE0244142664_valid.json'),
    recorded('check-vat-number_NL004495445B01_valid.json'),
    { countryCode: 'DE', vatNumber: '129273398', name: '---', address: '---' },
  ];
}

/** Well-formed numbers (they pass the local check digits) that make VIES fail in the sandbox. */
export const VIES_TRIGGER_NUMBERS = {
  /** The member state's system is down: MS_UNAVAILABLE (503 `ms_unavailable` for the caller). */
  memberStateUnavailable: { countryCode: 'NL', vatNumber: '999999000B01' },
  /** VIES itself does not answer in time (504 `upstream_timeout` for the caller). */
  timeout: { countryCode: 'NL', vatNumber: '999999004B01' },
} as const;

/** The numbers VIES's own test service documents: `100` valid, `200` invalid, the rest errors. */
const TEST_NUMBERS: Readonly<Record<string, string>> = {
  '201': 'INVALID_INPUT',
  '202': 'INVALID_REQUESTER_INFO',
  '300': 'SERVICE_UNAVAILABLE',
  '301': 'MS_UNAVAILABLE',
  '302': 'TIMEOUT',
  '400': 'VAT_BLOCKED',
  '401': 'IP_BLOCKED',
  '500': 'GLOBAL_MAX_CONCURRENT_REQ',
  '501': 'GLOBAL_MAX_CONCURRENT_REQ_TIME',
  '600': 'MS_MAX_CONCURRENT_REQ',
  '601': 'MS_MAX_CONCURRENT_REQ_TIME',
};
const CLIENT_ERRORS = new Set(['INVALID_INPUT', 'INVALID_REQUESTER_INFO']);
const TRADER_FIELDS = [
  'traderName',
  'traderStreet',
  'traderPostalCode',
  'traderCity',
  'traderCompanyType',
];

/**
 * VIES as recorded, with VIES's answer shapes: `POST /check-vat-number` answers the numbers it
 * holds as valid and every other one as invalid, the trigger numbers and test-service numbers
 * (`POST /check-vat-test-service`) with their errors. A test fake may register more numbers,
 * take a member state down, or switch errors to the HTTP 200 style VIES also uses.
 */
export class ViesRecording implements Recording {
  readonly upstream = 'vies';
  private readonly registry = new Map<string, ViesRegistration>();
  private readonly down = new Map<string, string>();
  private errorStyle200 = false;

  constructor(registry: readonly ViesRegistration[] = recordedRegistry()) {
    for (const entry of registry) this.register(entry);
    const { memberStateUnavailable, timeout } = VIES_TRIGGER_NUMBERS;
    this.triggers.set(key(memberStateUnavailable), 'MS_UNAVAILABLE');
    this.triggers.set(key(timeout), 'timeout');
  }

  private readonly triggers = new Map<string, string>();

  register(entry: ViesRegistration): this {
    this.registry.set(key(entry), entry);
    return this;
  }

  /** Every check for this member state answers `error` (default MS_UNAVAILABLE) until restored. */
  memberStateDown(countryCode: string, error = 'MS_UNAVAILABLE'): this {
    this.down.set(countryCode, error);
    return this;
  }

  memberStateUp(countryCode: string): this {
    this.down.delete(countryCode);
    return this;
  }

  isDown(countryCode: string): boolean {
    return this.down.has(countryCode);
  }

  errorsAs200(on: boolean): this {
    this.errorStyle200 = on;
    return this;
  }

  answer(request: UpstreamRequest): RecordedAnswer {
    const test = request.path === '/check-vat-test-service';
    if (request.path !== '/check-vat-number' && !test)
      return {
        status: 404,
        body: { actionSucceed: false, errorWrappers: [{ error: 'NOT_FOUND' }] },
      };
    const body = (
      typeof request.json === 'object' && request.json !== null ? request.json : {}
    ) as Record<string, unknown>;
    const countryCode = typeof body['countryCode'] === 'string' ? body['countryCode'] : '';
    const vatNumber = typeof body['vatNumber'] === 'string' ? body['vatNumber'] : '';
    if (!/^[A-Z]{2}$/.test(countryCode) || !vatNumber)
      return this.error('INVALID_INPUT', countryCode, vatNumber);
    const trigger = this.triggers.get(key({ countryCode, vatNumber }));
    if (trigger === 'timeout') return { fail: 'timeout' };
    if (trigger) return this.error(trigger, countryCode, vatNumber);
    const outage = this.down.get(countryCode);
    if (outage) return this.error(outage, countryCode, vatNumber);
    const code = TEST_NUMBERS[vatNumber];
    if (code) return this.error(code, countryCode, vatNumber);
    if (test && vatNumber === '100')
      return verdict({ countryCode, vatNumber, name: 'TEST VALID', address: 'TEST ADDRESS' }, true);
    if (test)
      return vatNumber === '200'
        ? verdict({ countryCode, vatNumber, name: '---', address: '---' }, false)
        : this.error('SERVICE_UNAVAILABLE', countryCode, vatNumber);
    const requester = this.requesterOf(body);
    if (requester === 'refused')
      return this.error('INVALID_REQUESTER_INFO', countryCode, vatNumber);
    const known = this.registry.get(key({ countryCode, vatNumber }));
    return known
      ? verdict(known, true, requester)
      : verdict({ countryCode, vatNumber, name: '---', address: '---' }, false, requester);
  }

  /**
   * A check naming a requester is a consultation: VIES accepts a requester whose own number it
   * holds as valid (here: one the recording holds) and refuses any other.
   */
  private requesterOf(body: Record<string, unknown>): 'none' | 'accepted' | 'refused' {
    const countryCode = body['requesterMemberStateCode'];
    const vatNumber = body['requesterNumber'];
    if (countryCode === undefined && vatNumber === undefined) return 'none';
    if (typeof countryCode !== 'string' || typeof vatNumber !== 'string') return 'refused';
    return this.registry.has(key({ countryCode, vatNumber })) ? 'accepted' : 'refused';
  }

  private error(code: string, countryCode: string, vatNumber: string): RecordedReply {
    if (this.errorStyle200)
      return {
        status: 200,
        body: {
          countryCode,
          vatNumber,
          requestDate: new Date().toISOString(),
          valid: false,
          isValid: false,
          userError: code,
          name: '---',
          address: '---',
        },
      };
    return {
      status: CLIENT_ERRORS.has(code) ? 400 : 500,
      body: {
        actionSucceed: false,
        errorWrappers: [{ error: code, message: `recorded VIES: ${code}` }],
      },
    };
  }
}

const key = (n: { countryCode: string; vatNumber: string }) => `${n.countryCode}${n.vatNumber}`;

/**
 * A consultation number in the form VIES gives them (`WAPI` and letters and digits). VIES's own
 * numbers cannot be recorded for reuse (each names one consultation), so these are made here.
 */
function consultationNumber(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const tail = Array.from(randomBytes(12), (byte) => alphabet[byte % alphabet.length]).join('');
  return `WAPI${tail}`;
}

function verdict(
  entry: ViesRegistration,
  valid: boolean,
  requester: 'none' | 'accepted' = 'none',
): RecordedReply {
  const traders = Object.fromEntries(TRADER_FIELDS.map((f) => [f, '---']));
  const matches = Object.fromEntries(TRADER_FIELDS.map((f) => [`${f}Match`, 'NOT_PROCESSED']));
  return {
    status: 200,
    body: {
      countryCode: entry.countryCode,
      vatNumber: entry.vatNumber,
      requestDate: entry.requestDate ?? new Date().toISOString(),
      valid,
      requestIdentifier: requester === 'accepted' ? consultationNumber() : '',
      name: entry.name,
      address: entry.address,
      ...traders,
      ...matches,
    },
  };
}
