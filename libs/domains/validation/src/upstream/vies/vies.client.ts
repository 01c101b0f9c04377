import { Injectable } from '@nestjs/common';
import type { RequestScope } from '@nl/platform-context';
import {
  InjectUpstream,
  Upstream,
  type UpstreamRegistration,
  type UpstreamResponse,
} from '@nl/platform-upstream';
import type { ValidationSettings } from '../../validation.config.js';
import { VALIDATION_CONFIG } from '../../validation.config.js';
import { readViesAnswer, viesErrorClass } from './vies.mapper.js';
import { ViesRecording } from './vies.recording.js';
import type { ViesOutcome } from './vies.types.js';

/**
 * Whether an answer counts against VIES (retried, and counted by the breaker): a 429, and any
 * error VIES reports about itself. What it reports about one member state does not, so one
 * state down does not open the circuit for the others. Any other 5xx counts too.
 */
function isViesFailure(response: UpstreamResponse): boolean {
  if (response.status === 429) return true;
  const outcome = readViesAnswer(response.status, response.body);
  if (outcome.kind === 'answer') return false;
  const kind = viesErrorClass(outcome.code);
  return response.status >= 500 ? kind !== 'member_state' : kind === 'vies';
}

/**
 * VIES: 5 s per attempt, one retry, so a call ends well inside the gateway's 15 s. A member
 * state that is down does not open the circuit for the other states; VIES failing as a whole
 * does.
 */
export const VIES_UPSTREAM: UpstreamRegistration<ValidationSettings> = {
  name: 'vies',
  config: VALIDATION_CONFIG,
  client: ({ vies }) =>
    vies.url
      ? {
          baseUrl: vies.url,
          timeoutMs: 5_000,
          retries: 1,
          backoffMs: 500,
          isFailure: isViesFailure,
        }
      : null,
  notConfigured: 'VAT validation needs VIES_URL (the EU VIES REST API) on this server.',
  recording: new ViesRecording(),
};

/** A VAT number as VIES is asked about it: its member state and the number after the prefix. */
export interface ViesParty {
  readonly countryCode: string;
  readonly number: string;
  /** The whole number, prefix included. */
  readonly vatNumber: string;
}

/** The VIES REST API (`POST /check-vat-number`). */
@Injectable()
export class ViesClient {
  constructor(@InjectUpstream('vies') private readonly upstream: Upstream) {}

  /**
   * One check; with a requester, VIES registers it as a consultation and answers its number.
   * Throws UpstreamError when VIES gave no answer at all.
   */
  async check(party: ViesParty, scope: RequestScope, requester?: ViesParty): Promise<ViesOutcome> {
    const json = {
      countryCode: party.countryCode,
      vatNumber: party.number,
      ...(requester && {
        requesterMemberStateCode: requester.countryCode,
        requesterNumber: requester.number,
      }),
    };
    const response = await this.upstream.request(
      { method: 'POST', path: '/check-vat-number', json },
      scope,
    );
    return readViesAnswer(response.status, response.body);
  }
}
