import { Inject, Injectable } from '@nestjs/common';
import type { ReplyEnvelope } from '@nl/contracts-core';
import { VAT_CHECK_ENDPOINT, type VatValidationResponse } from '@nl/contracts-validation';
import { DomainCache, replyEnvelope } from '@nl/platform-cache';
import { DomainError } from '@nl/platform-errors';
import { LOGGER, type Logger } from '@nl/platform-logging';
import { UpstreamError } from '@nl/platform-upstream';
import { VatAnswerStore } from './vat-answer.store.js';
import { checkVatNumber } from '@nl/contracts-validation';
import { ViesClient } from '../upstream/vies/vies.client.js';
import { VIES_UNAVAILABLE, toVatResponse } from '../upstream/vies/vies.mapper.js';

const SOURCE = 'vies';
/** How long past its TTL a cached answer may stand in for an offline member state. */
const STALE_MS = 30 * 86_400_000;
const RETRY_AFTER_SECONDS = 300;

/** VIES or the member state could not answer now. */
class MemberStateUnavailable extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

/**
 * `POST /v1/validate/vat`: normalise, check format and checksum locally (a malformed number
 * never reaches VIES), then ask VIES through the cache. Definitive answers are also stored in
 * Postgres; when the member state is offline the cache's or the store's last answer is served
 * as stale, else 503 with the spec's body. VIES errors sent as HTTP 200 are never read as
 * `valid:false`.
 */
@Injectable()
export class VatService {
  constructor(
    private readonly vies: ViesClient,
    private readonly store: VatAnswerStore,
    private readonly cache: DomainCache,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async check(raw: string): Promise<ReplyEnvelope<VatValidationResponse>> {
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
    try {
      const cached = await this.cache.getOrLoad(
        `vat:${number.vatNumber}`,
        () => this.live(number.vatNumber, number.countryCode, number.number),
        {
          ttlMs: VAT_CHECK_ENDPOINT.cacheTtlMs,
          staleMs: STALE_MS,
          serveStaleOn: (e) => e instanceof MemberStateUnavailable,
        },
      );
      const data = cached.state === 'stale' ? this.staleMessage(cached.value) : cached.value;
      return replyEnvelope(SOURCE, { ...cached, value: data });
    } catch (error) {
      if (!(error instanceof MemberStateUnavailable)) throw error;
      const stored = await this.store.find(number.vatNumber);
      if (stored)
        return replyEnvelope(SOURCE, {
          state: 'stale',
          fetchedAt: stored.checkedAt.toISOString(),
          value: this.staleMessage(stored.response),
        });
      const message = `The ${number.countryCode} VAT system is not available (${error.reason}) and no earlier answer is stored; retry in a few minutes.`;
      throw new DomainError('upstream_unavailable', message, {
        retryAfterSeconds: RETRY_AFTER_SECONDS,
        body: {
          valid: null,
          vat_number: number.vatNumber,
          country_code: number.countryCode,
          request_date: now,
          company: null,
          error: 'ms_unavailable',
          message,
        } satisfies VatValidationResponse,
      });
    }
  }

  private staleMessage(response: VatValidationResponse): VatValidationResponse {
    return {
      ...response,
      message: `${response.message} The member state is offline now; this is its answer of ${response.request_date}.`,
    };
  }

  private async live(
    vatNumber: string,
    countryCode: string,
    number: string,
  ): Promise<VatValidationResponse> {
    let outcome;
    try {
      outcome = await this.vies.check(countryCode, number);
    } catch (error) {
      if (error instanceof UpstreamError)
        throw new MemberStateUnavailable(error.kind.toUpperCase());
      throw error;
    }
    if (outcome.kind === 'error') {
      if (VIES_UNAVAILABLE.has(outcome.code)) throw new MemberStateUnavailable(outcome.code);
      if (outcome.code === 'INVALID_INPUT')
        throw DomainError.validation([
          { field: 'vat_number', message: 'VIES rejected the number as malformed.' },
        ]);
      this.logger.error({ code: outcome.code, message: outcome.message }, 'VIES refused a check');
      throw new DomainError('upstream_bad_response', `VIES refused the check (${outcome.code}).`, {
        details: { upstream: 'vies', reason: outcome.code },
      });
    }
    const response = toVatResponse(vatNumber, countryCode, outcome.answer, outcome.valid);
    await this.store.save(response).catch((error: unknown) => {
      this.logger.warn({ err: error }, 'could not store the VAT answer');
    });
    return response;
  }
}
