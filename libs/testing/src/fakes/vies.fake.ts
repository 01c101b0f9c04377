import type { Recording } from '@nl/platform-upstream';
import { FakeUpstream, type FakeResponse } from '../fake-upstream.js';

export interface ViesRegistration {
  readonly countryCode: string;
  readonly vatNumber: string;
  /** `---` where the member state does not share it (as DE does). */
  readonly name: string;
  readonly address: string;
}

/** The validation domain's VIES recording (`new ViesRecording()` of `@nl/domain-validation`). */
export interface ViesFakeRecording extends Recording {
  register(entry: ViesRegistration): unknown;
  memberStateDown(countryCode: string, error?: string): unknown;
  memberStateUp(countryCode: string): unknown;
  isDown(countryCode: string): boolean;
  errorsAs200(on: boolean): unknown;
}

const MEMBER_STATES = [
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

/**
 * A fake of the VIES REST API serving the validation domain's recording over HTTP (the numbers
 * and answer shapes the sandbox answers from; `POST /check-vat-number`,
 * `POST /check-vat-test-service`) plus `GET /check-status`. The harness can register numbers,
 * take a member state down, or make errors come as HTTP 200 with `userError`, the other way
 * VIES reports them.
 */
export class ViesFake {
  private constructor(
    readonly upstream: FakeUpstream,
    private readonly recording: ViesFakeRecording,
  ) {}

  static async start(recording: ViesFakeRecording): Promise<ViesFake> {
    const status = (): FakeResponse => ({
      status: 200,
      body: {
        vow: { available: true },
        countries: MEMBER_STATES.map((countryCode) => ({
          countryCode,
          availability: recording.isDown(countryCode) ? 'Unavailable' : 'Available',
        })),
      },
    });
    const upstream = await FakeUpstream.serving(recording, [
      { method: 'GET', path: '/check-status', handle: status },
    ]);
    return new ViesFake(upstream, recording);
  }

  get url(): string {
    return this.upstream.url;
  }

  /** Calls that reached the fake (checks only, not status). */
  get checks() {
    return this.upstream.callsTo('/check-vat');
  }

  register(entry: ViesRegistration): this {
    this.recording.register(entry);
    return this;
  }

  /** Every check for this member state answers `error` (default MS_UNAVAILABLE) until restored. */
  memberStateDown(countryCode: string, error = 'MS_UNAVAILABLE'): this {
    this.recording.memberStateDown(countryCode, error);
    return this;
  }

  /** Every check for this member state waits `ms` before it is answered. */
  memberStateSlow(countryCode: string, ms: number): this {
    this.upstream.slowWhen(ms, (call) => call.body.includes(`"${countryCode}"`));
    return this;
  }

  memberStateUp(countryCode: string): this {
    this.recording.memberStateUp(countryCode);
    return this;
  }

  errorsAs200(on: boolean): this {
    this.recording.errorsAs200(on);
    return this;
  }

  close(): Promise<void> {
    return this.upstream.close();
  }
}
