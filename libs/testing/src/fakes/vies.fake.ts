import { readFileSync } from 'node:fs';
import { FakeUpstream, type FakeResponse, type FakeRoute } from '../fake-upstream.js';

export interface ViesRegistration {
  readonly countryCode: string;
  readonly vatNumber: string;
  /** `---` where the member state does not share it (as DE does). */
  readonly name: string;
  readonly address: string;
}

/** The recorded VIES answer for BE0244142664 (see samples/SOURCES.md). */
const BE_SAMPLE = JSON.parse(
  readFileSync(
    new URL('../samples/vies/check-vat-number_BE0244142664_valid.json', import.meta.url),
    'utf8',
  ),
) as Record<string, unknown>;

/**
 * Numbers the fake knows. BE is the recorded sample; the NL name and address are the ones the
 * upstream notes give for a real VIES answer; DE answers `---` like the German system. The NL
 * and DE numbers satisfy their check-digit rules.
 */
export const VIES_DEFAULT_REGISTRY: readonly ViesRegistration[] = [
  {
    countryCode: 'BE',
    vatNumber: '0244142664',
    name: String(BE_SAMPLE['name']),
    address: String(BE_SAMPLE['address']),
  },
  {
    countryCode: 'NL',
    vatNumber: '004495445B01',
    name: 'ABN AMRO BANK N.V.',
    address: '\nGUSTAV MAHLERLAAN 00010\n1082PP AMSTERDAM\n',
  },
  { countryCode: 'DE', vatNumber: '129273398', name: '---', address: '---' },
];

/** The VIES test service's numbers (vies.md §4): `100` valid, `200` invalid, the rest errors. */
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
 * A fake of the VIES REST API (`POST /check-vat-number`, `POST /check-vat-test-service`,
 * `GET /check-status`) with VIES's answer shapes: registered numbers are valid, others
 * invalid, the test-service numbers trigger each error code, and a member state can be taken
 * down. Errors come as VIES sends them on the POST form (HTTP 400/500 with `errorWrappers`),
 * or, after `errorsAs200(true)`, as HTTP 200 with `userError`, the other way VIES reports them.
 */
export class ViesFake {
  private readonly registry = new Map<string, ViesRegistration>();
  private readonly down = new Map<string, string>();
  private errorStyle200 = false;

  private constructor(readonly upstream: FakeUpstream) {}

  static async start(
    registry: readonly ViesRegistration[] = VIES_DEFAULT_REGISTRY,
  ): Promise<ViesFake> {
    /** Set once constructed; the handlers below only run after that. */
    const ref: { fake?: ViesFake } = {};
    const answer = (body: unknown, test: boolean): FakeResponse =>
      ref.fake ? ref.fake.check(body, test) : { status: 503 };
    const routes: FakeRoute[] = [
      { method: 'POST', path: '/check-vat-number', handle: (r) => answer(r.json, false) },
      { method: 'POST', path: '/check-vat-test-service', handle: (r) => answer(r.json, true) },
      { method: 'GET', path: '/check-status', handle: () => ref.fake?.status() ?? { status: 503 } },
    ];
    const fake = new ViesFake(await FakeUpstream.start(routes));
    ref.fake = fake;
    for (const entry of registry) fake.register(entry);
    return fake;
  }

  get url(): string {
    return this.upstream.url;
  }

  /** Calls that reached the fake (checks only, not status). */
  get checks() {
    return this.upstream.callsTo('/check-vat');
  }

  register(entry: ViesRegistration): this {
    this.registry.set(`${entry.countryCode}${entry.vatNumber}`, entry);
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

  errorsAs200(on: boolean): this {
    this.errorStyle200 = on;
    return this;
  }

  close(): Promise<void> {
    return this.upstream.close();
  }

  private check(body: unknown, test: boolean): FakeResponse {
    const request = (typeof body === 'object' && body !== null ? body : {}) as Record<
      string,
      unknown
    >;
    const countryCode = typeof request['countryCode'] === 'string' ? request['countryCode'] : '';
    const vatNumber = typeof request['vatNumber'] === 'string' ? request['vatNumber'] : '';
    if (!/^[A-Z]{2}$/.test(countryCode) || !vatNumber)
      return this.error('INVALID_INPUT', countryCode, vatNumber);
    const outage = this.down.get(countryCode);
    if (outage) return this.error(outage, countryCode, vatNumber);
    const code = TEST_NUMBERS[vatNumber];
    if (code) return this.error(code, countryCode, vatNumber);
    if (test && vatNumber === '100')
      return this.answer(countryCode, vatNumber, true, 'TEST VALID', 'TEST ADDRESS');
    if (test && vatNumber === '200')
      return this.answer(countryCode, vatNumber, false, '---', '---');
    if (test) return this.error('SERVICE_UNAVAILABLE', countryCode, vatNumber);
    const known = this.registry.get(`${countryCode}${vatNumber}`);
    return known
      ? this.answer(countryCode, vatNumber, true, known.name, known.address)
      : this.answer(countryCode, vatNumber, false, '---', '---');
  }

  private answer(
    countryCode: string,
    vatNumber: string,
    valid: boolean,
    name: string,
    address: string,
  ): FakeResponse {
    const traders = Object.fromEntries(TRADER_FIELDS.map((f) => [f, '---']));
    const matches = Object.fromEntries(TRADER_FIELDS.map((f) => [`${f}Match`, 'NOT_PROCESSED']));
    return {
      status: 200,
      body: {
        countryCode,
        vatNumber,
        requestDate: new Date().toISOString(),
        valid,
        requestIdentifier: '',
        name,
        address,
        ...traders,
        ...matches,
      },
    };
  }

  private error(code: string, countryCode: string, vatNumber: string): FakeResponse {
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
        errorWrappers: [{ error: code, message: `fake VIES: ${code}` }],
      },
    };
  }

  private status(): FakeResponse {
    const countries = [
      'AT',
      'BE',
      'BG',
      'CY',
      'CZ',
      'DE',
      'DK',
      'EE',
      'EL',
      'ES',
      'FI',
      'FR',
      'HR',
      'HU',
      'IE',
      'IT',
      'LT',
      'LU',
      'LV',
      'MT',
      'NL',
      'PL',
      'PT',
      'RO',
      'SE',
      'SI',
      'SK',
      'XI',
    ];
    return {
      status: 200,
      body: {
        vow: { available: true },
        countries: countries.map((countryCode) => ({
          countryCode,
          availability: this.down.has(countryCode) ? 'Unavailable' : 'Available',
        })),
      },
    };
  }
}
