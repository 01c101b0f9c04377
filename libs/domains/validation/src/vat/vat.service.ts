import { Inject, Injectable } from '@nestjs/common';
import type { ReplyEnvelope } from '@nl/contracts-core';
import {
  VAT_CHECK_ENDPOINT,
  checkVatNumber,
  type VatValidationResponse,
} from '@nl/contracts-validation';
import { DomainCache, cacheKey, replyEnvelope, type Cached } from '@nl/platform-cache';
import type { RequestScope } from '@nl/platform-context';
import { DomainError } from '@nl/platform-errors';
import { LOGGER, type Logger } from '@nl/platform-logging';
import { UpstreamError } from '@nl/platform-upstream';
import { ViesClient, type ViesParty } from '../upstream/vies/vies.client.js';
import { toVatResponse, viesErrorClass } from '../upstream/vies/vies.mapper.js';
import type { ViesCheckAnswer, ViesOutcome } from '../upstream/vies/vies.types.js';
import { VatAnswerStore } from './vat-answer.store.js';
import { NoVerdict, VIES_SOURCE, staleAnswer, unanswered } from './vat-no-verdict.js';

/** The requester VIES refused, as VIES's error codes name it. */
const INVALID_REQUESTER = 'INVALID_REQUESTER_INFO';

/**
 * `POST /v1/validate/vat`: normalise, check format and checksum locally (a malformed number
 * never reaches VIES), then ask VIES through the cache. Definitive answers are also stored in
 * Postgres; when VIES gives no verdict now the cache's or the store's last answer is served as
 * stale. Else the spec's `503 ms_unavailable` body when VIES says the member state did not
 * answer, or a plain problem (`503 upstream_unavailable`, `504 upstream_timeout`) when VIES
 * itself, or our way to it, failed. VIES errors sent as HTTP 200 are never read as `valid:false`.
 *
 * With a requester the check is a consultation VIES registers and numbers: it always asks VIES,
 * past the cache and the store (a stored answer carries no consultation, and a consultation is
 * the requester's own), so no stored answer stands in when VIES gives no verdict.
 */
@Injectable()
export class VatService {
  constructor(
    private readonly vies: ViesClient,
    private readonly store: VatAnswerStore,
    private readonly cache: DomainCache,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async check(
    raw: string,
    scope: RequestScope,
    requesterRaw?: string,
  ): Promise<ReplyEnvelope<VatValidationResponse>> {
    const requester = requesterRaw === undefined ? undefined : checkedRequester(requesterRaw);
    const number = checkVatNumber(raw);
    const now = new Date().toISOString();
    if (!number.ok) {
      if (number.reason !== 'invalid_checksum' || !number.countryCode)
        throw DomainError.validation([{ field: 'vat_number', message: number.message }]);
      return replyEnvelope('checksum', {
        state: 'miss',
        fetchedAt: now,
        value: {
          valid: false,
          vat_number: number.vatNumber,
          country_code: number.countryCode,
          request_date: now,
          company: null,
          error: 'invalid_checksum',
          message: number.message,
        },
      });
    }
    if (requester) return this.consult(number, requester, now, scope);
    const { vatNumber, countryCode } = number;
    const cached = await this.cache.through(
      cacheKey(scope, VAT_CHECK_ENDPOINT, `vat:${vatNumber}`),
      () => this.live(number, scope),
      (failure) => this.lastAnswer(failure, vatNumber, countryCode, now, scope),
    );
    const data =
      cached.state === 'stale' && cached.failure instanceof NoVerdict
        ? staleAnswer(cached.value, cached.failure)
        : cached.value;
    return replyEnvelope(VIES_SOURCE, { ...cached, value: data });
  }

  /** A check for a requester: VIES's answer with its consultation number, never stored. */
  private async consult(
    number: ViesParty,
    requester: ViesParty,
    now: string,
    scope: RequestScope,
  ): Promise<ReplyEnvelope<VatValidationResponse>> {
    let asked;
    try {
      asked = await this.ask(number, scope, requester);
    } catch (error) {
      if (error instanceof NoVerdict)
        throw unanswered(error, number.vatNumber, number.countryCode, now);
      throw error;
    }
    const { response, answer } = asked;
    const identifier = answer.requestIdentifier?.trim();
    const value: VatValidationResponse = {
      ...response,
      consultation: {
        request_identifier: identifier || null,
        requester_vat_number: requester.vatNumber,
        request_date: response.request_date,
      },
    };
    return replyEnvelope(VIES_SOURCE, { state: 'miss', fetchedAt: now, value });
  }

  /**
   * When VIES gives no verdict and the cache has no copy to stand in: the store's last answer,
   * else the error of a check without one.
   */
  private async lastAnswer(
    failure: unknown,
    vatNumber: string,
    countryCode: string,
    now: string,
    scope: RequestScope,
  ): Promise<Cached<VatValidationResponse> | undefined> {
    if (!(failure instanceof NoVerdict)) return undefined;
    const stored = await this.store.find(vatNumber, scope);
    if (!stored) throw unanswered(failure, vatNumber, countryCode, now);
    return {
      state: 'stale',
      fetchedAt: stored.checkedAt.toISOString(),
      value: stored.response,
      failure,
    };
  }

  /** A definitive answer of VIES, kept in the store for the days VIES cannot answer. */
  private async live(number: ViesParty, scope: RequestScope): Promise<VatValidationResponse> {
    const { response } = await this.ask(number, scope);
    await this.store.save(response, scope).catch((error: unknown) => {
      this.logger.warn({ err: error }, 'could not store the VAT answer');
    });
    return response;
  }

  private async ask(
    number: ViesParty,
    scope: RequestScope,
    requester?: ViesParty,
  ): Promise<{ response: VatValidationResponse; answer: ViesCheckAnswer }> {
    let outcome;
    try {
      outcome = await this.vies.check(number, scope, requester);
    } catch (error) {
      if (error instanceof UpstreamError) throw NoVerdict.ofUpstream(error);
      throw error;
    }
    if (outcome.kind === 'error') throw this.failure(outcome);
    const { vatNumber, countryCode } = number;
    const response = toVatResponse(vatNumber, countryCode, outcome.answer, outcome.valid);
    return { response, answer: outcome.answer };
  }

  /** What an error VIES reports becomes for our caller. */
  private failure(outcome: Extract<ViesOutcome, { kind: 'error' }>): Error {
    const kind = viesErrorClass(outcome.code);
    if (kind === 'member_state') return new NoVerdict('unavailable', outcome.code, true);
    if (kind === 'vies')
      return new NoVerdict('unavailable', `VIES is not available (${outcome.code})`, false);
    if (kind === 'bad_input')
      return DomainError.validation([
        { field: 'vat_number', message: 'VIES rejected the number as malformed.' },
      ]);
    if (outcome.code === INVALID_REQUESTER)
      return new DomainError('validation_failed', 'VIES refused the requester.', {
        errors: [
          {
            field: 'requester_vat_number',
            message: `VIES does not accept this requester (${INVALID_REQUESTER}): it must be a VAT number that is valid in VIES.`,
          },
        ],
        members: { upstream: VIES_SOURCE, reason: INVALID_REQUESTER },
      });
    this.logger.error({ code: outcome.code, message: outcome.message }, 'VIES refused a check');
    return new DomainError('upstream_bad_response', `VIES refused the check (${outcome.code}).`, {
      details: { upstream: VIES_SOURCE, reason: outcome.code },
    });
  }
}

/** The requester's number, complete with its check digit, or a 400 on its field. */
function checkedRequester(raw: string): ViesParty {
  const requester = checkVatNumber(raw);
  if (!requester.ok)
    throw DomainError.validation([{ field: 'requester_vat_number', message: requester.message }]);
  return requester;
}
