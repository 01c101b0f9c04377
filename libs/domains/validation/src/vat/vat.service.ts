import { Inject, Injectable } from '@nestjs/common';
import type { ReplyEnvelope } from '@nl/contracts-core';
import { VAT_CHECK_ENDPOINT, type VatValidationResponse } from '@nl/contracts-validation';
import { DomainCache, cacheKey, replyEnvelope, type Cached } from '@nl/platform-cache';
import type { RequestScope } from '@nl/platform-context';
import { DomainError } from '@nl/platform-errors';
import { LOGGER, type Logger } from '@nl/platform-logging';
import { UpstreamError } from '@nl/platform-upstream';
import { VatAnswerStore } from './vat-answer.store.js';
import { checkVatNumber } from '@nl/contracts-validation';
import { ViesClient } from '../upstream/vies/vies.client.js';
import { toVatResponse, viesErrorClass } from '../upstream/vies/vies.mapper.js';

const SOURCE = 'vies';
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
class NoVerdict extends UpstreamError {
  readonly code: 'upstream_unavailable' | 'upstream_timeout';

  constructor(
    kind: 'unavailable' | 'timeout',
    readonly reason: string,
    readonly memberState: boolean,
  ) {
    super(SOURCE, kind, reason);
    this.code = kind === 'timeout' ? 'upstream_timeout' : 'upstream_unavailable';
  }

  static ofUpstream(error: UpstreamError): NoVerdict {
    const kind = error.kind === 'timeout' ? 'timeout' : 'unavailable';
    return new NoVerdict(kind, UPSTREAM_FAILURES[error.kind], false);
  }
}

/** A stored answer standing in for the one VIES cannot give now, saying why. */
function staleAnswer(response: VatValidationResponse, why: NoVerdict): VatValidationResponse {
  const now = why.memberState ? 'The member state is offline now' : 'VIES cannot answer now';
  return {
    ...response,
    message: `${response.message} ${now}; this is its answer of ${response.request_date}.`,
  };
}

/**
 * `POST /v1/validate/vat`: normalise, check format and checksum locally (a malformed number
 * never reaches VIES), then ask VIES through the cache. Definitive answers are also stored in
 * Postgres; when VIES gives no verdict now the cache's or the store's last answer is served as
 * stale. Else the spec's `503 ms_unavailable` body when VIES says the member state did not
 * answer, or a plain problem (`503 upstream_unavailable`, `504 upstream_timeout`) when VIES
 * itself, or our way to it, failed. VIES errors sent as HTTP 200 are never read as `valid:false`.
 */
@Injectable()
export class VatService {
  constructor(
    private readonly vies: ViesClient,
    private readonly store: VatAnswerStore,
    private readonly cache: DomainCache,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async check(raw: string, scope: RequestScope): Promise<ReplyEnvelope<VatValidationResponse>> {
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
    const { vatNumber, countryCode } = number;
    const cached = await this.cache.through(
      cacheKey(scope, VAT_CHECK_ENDPOINT, `vat:${vatNumber}`),
      () => this.live(vatNumber, countryCode, number.number, scope),
      (failure) => this.lastAnswer(failure, vatNumber, countryCode, now, scope),
    );
    const data =
      cached.state === 'stale' && cached.failure instanceof NoVerdict
        ? staleAnswer(cached.value, cached.failure)
        : cached.value;
    return replyEnvelope(SOURCE, { ...cached, value: data });
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
    if (!stored) throw this.unanswered(failure, vatNumber, countryCode, now);
    return {
      state: 'stale',
      fetchedAt: stored.checkedAt.toISOString(),
      value: stored.response,
      failure,
    };
  }

  /** The error of a check without a verdict and without a stored answer to stand in. */
  private unanswered(
    error: NoVerdict,
    vatNumber: string,
    countryCode: string,
    now: string,
  ): DomainError {
    const details = { upstream: SOURCE, reason: error.reason };
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

  private async live(
    vatNumber: string,
    countryCode: string,
    number: string,
    scope: RequestScope,
  ): Promise<VatValidationResponse> {
    let outcome;
    try {
      outcome = await this.vies.check(countryCode, number, scope);
    } catch (error) {
      if (error instanceof UpstreamError) throw NoVerdict.ofUpstream(error);
      throw error;
    }
    if (outcome.kind === 'error') {
      const kind = viesErrorClass(outcome.code);
      if (kind === 'member_state') throw new NoVerdict('unavailable', outcome.code, true);
      if (kind === 'vies')
        throw new NoVerdict('unavailable', `VIES is not available (${outcome.code})`, false);
      if (kind === 'bad_input')
        throw DomainError.validation([
          { field: 'vat_number', message: 'VIES rejected the number as malformed.' },
        ]);
      this.logger.error({ code: outcome.code, message: outcome.message }, 'VIES refused a check');
      throw new DomainError('upstream_bad_response', `VIES refused the check (${outcome.code}).`, {
        details: { upstream: 'vies', reason: outcome.code },
      });
    }
    const response = toVatResponse(vatNumber, countryCode, outcome.answer, outcome.valid);
    await this.store.save(response, scope).catch((error: unknown) => {
      this.logger.warn({ err: error }, 'could not store the VAT answer');
    });
    return response;
  }
}
