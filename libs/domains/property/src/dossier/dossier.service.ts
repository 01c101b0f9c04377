import { Injectable } from '@nestjs/common';
import type { ReplyEnvelope } from '@nl/contracts-core';
import {
  PANDGEGEVENS_GET_ENDPOINT,
  addressKeyOf,
  type EnergyLabelRecord,
  type PandgegevensNotFound,
  type PandgegevensQuery,
  type PandgegevensResponse,
  type PropertyValue,
} from '@nl/contracts-property';
import { DomainCache, replyEnvelope } from '@nl/platform-cache';
import { DomainError } from '@nl/platform-errors';
import { UpstreamError, isNotConfigured, rethrowAsDomainError } from '@nl/platform-upstream';
import { AddressResolver, isUpstreamFailure } from '../address/address-resolver.js';
import { AddressService, type SourcedRecord } from '../address/address.service.js';
import { PlansService, pointOfDoc } from '../plans/plans.service.js';
import { EpOnlineClient } from '../upstream/ep-online/ep-online.client.js';
import { toEnergyLabels } from '../upstream/ep-online/ep-online.mapper.js';
import { toPdokAddress, type PdokAddressDoc } from '../upstream/pdok/pdok.mapper.js';
import { ValueService } from '../value/value.service.js';
import { assembleDossier, mapOutcome, type SourceOutcome } from './dossier.assembler.js';

const MINUTE = 60_000;
/** A partial dossier is kept briefly, so a source that is back fills it soon. */
export const PARTIAL_TTL_MS = 5 * MINUTE;
/** A complete dossier stands in for a week past its TTL when the address register fails. */
const STALE_MS = 7 * 24 * 60 * MINUTE;
/**
 * How long the optional sources together may take once the address is known; one that has not
 * answered by then is reported as timed out (the endpoint's own timeout is 15 s).
 */
export const SOURCES_BUDGET_MS = 9_000;

const NOT_FOUND: PandgegevensNotFound = { found: false, address: null };

interface StoredDossier {
  readonly response: PandgegevensResponse;
  readonly complete: boolean;
  readonly source: string;
}

/** A source's failure as the dossier reports it; anything else is a fault and is thrown. */
function failureOf(name: string, error: unknown): SourceOutcome<never> {
  if (error instanceof BudgetSpent)
    return { status: 'failed', code: 'upstream_timeout', reason: `${name}: ${error.message}` };
  if (error instanceof UpstreamError)
    return {
      status: 'failed',
      code: error.kind === 'timeout' ? 'upstream_timeout' : 'upstream_unavailable',
      reason: error.message,
    };
  if (isNotConfigured(error))
    return { status: 'not_configured', code: error.code, reason: error.message };
  if (error instanceof DomainError && FAILED_CODES.has(error.code))
    return { status: 'failed', code: error.code, reason: error.message };
  throw error;
}

const FAILED_CODES = new Set(['upstream_timeout', 'upstream_unavailable']);

/** A failure of the source itself, not of our input or code: a stale copy may stand in. */
const isSourceFailure = (error: unknown) =>
  isUpstreamFailure(error) || (error instanceof DomainError && FAILED_CODES.has(error.code));

/** A source's part within the budget: its value, `empty` when `isEmpty` says so, or why not. */
async function outcome<T>(
  name: string,
  load: () => Promise<T>,
  isEmpty: (value: T) => boolean,
  deadline: Promise<never>,
): Promise<SourceOutcome<T>> {
  try {
    const value = await Promise.race([load(), deadline]);
    return { status: isEmpty(value) ? 'empty' : 'ok', value };
  } catch (error) {
    return failureOf(name, error);
  }
}

class BudgetSpent extends Error {}

/**
 * `GET /v1/property/pandgegevens`: the address is resolved once through PDOK (404 or 503/504
 * when that fails: nothing to assemble), then BAG, EP-Online, WOZ and the plans API are asked
 * in parallel, each through its own cache entry (shared with bag/id, woz-waarde and dso/plans).
 * The assembled dossier is cached 24 hours when complete, 5 minutes when partial; concurrent
 * requests for one address share one assembly.
 */
@Injectable()
export class DossierService {
  constructor(
    private readonly resolver: AddressResolver,
    private readonly addresses: AddressService,
    private readonly values: ValueService,
    private readonly plans: PlansService,
    private readonly epOnline: EpOnlineClient,
    private readonly cache: DomainCache,
  ) {}

  async dossier(query: PandgegevensQuery): Promise<ReplyEnvelope<PandgegevensResponse>> {
    const key = `dossier:${addressKeyOf(query)}:${this.addresses.withBag ? 'bag' : 'pdok'}`;
    const cached = await this.cache
      .getOrLoad<StoredDossier>(key, () => this.assemble(query), {
        ttlMs: (dossier) =>
          dossier.complete ? (PANDGEGEVENS_GET_ENDPOINT.cacheTtlMs as number) : PARTIAL_TTL_MS,
        staleMs: STALE_MS,
        serveStaleOn: isSourceFailure,
      })
      .catch(rethrowAsDomainError);
    const envelope = replyEnvelope(cached.value.source, {
      ...cached,
      value: cached.value.response,
    });
    return cached.value.complete
      ? envelope
      : { ...envelope, meta: { ...envelope.meta, partial: true } };
  }

  private async assemble(query: PandgegevensQuery): Promise<StoredDossier> {
    const doc = (await this.resolver.document(query, NOT_FOUND)) as PdokAddressDoc;
    const point = pointOfDoc(doc);
    const vbo = doc.adresseerbaarobject_id;
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () =>
          reject(new BudgetSpent(`no answer within the dossier's ${SOURCES_BUDGET_MS / 1000} s`)),
        SOURCES_BUDGET_MS,
      );
    });
    deadline.catch(() => undefined);
    try {
      const [record, labels, value, planning] = await Promise.all([
        outcome(
          'bag',
          async () => (await this.addresses.record(doc.nummeraanduiding_id, doc)).value,
          () => false,
          deadline,
        ),
        outcome(
          'ep-online',
          async () => (vbo ? toEnergyLabels(await this.labelsOf(vbo)) : []),
          (list: readonly EnergyLabelRecord[]) => list.length === 0,
          deadline,
        ),
        outcome(
          'woz',
          async () => (await this.values.cachedValue(doc.nummeraanduiding_id, doc)).value,
          (sourced) => !sourced.source.includes('woz'),
          deadline,
        ),
        outcome(
          'ruimtelijke-plannen',
          async () => (point ? this.plans.zoningAt(point) : null),
          (planning) => planning === null,
          deadline,
        ),
      ]);
      const { response, complete, answered } = assembleDossier(
        {
          doc,
          address: record.status === 'ok' ? record.value.address : toPdokAddress(doc),
          bag: this.bagOutcome(record),
          labels,
          value: mapOutcome(value, (sourced) => sourced.value.property_value as PropertyValue),
          planning,
        },
        new Date().toISOString().slice(0, 10),
      );
      return { response, complete, source: answered.join('+') };
    } finally {
      clearTimeout(timer);
    }
  }

  /** BAG's part: a record with BAG's members, PDOK's alone (BAG has none, or no key), or a failure. */
  private bagOutcome(record: SourceOutcome<SourcedRecord>): SourceOutcome<unknown> {
    if (record.status !== 'ok' || record.value.source.includes('bag')) return record;
    return this.addresses.withBag
      ? { status: 'empty', value: null }
      : failureOf('bag', this.addresses.bagNotConfigured());
  }

  /** EP-Online's labels of an object, cached 24 hours (a week stale when it fails). */
  private async labelsOf(objectId: string) {
    const cached = await this.cache.getOrLoad(
      `energy:${objectId}`,
      () => this.epOnline.labels(objectId),
      {
        ttlMs: PANDGEGEVENS_GET_ENDPOINT.cacheTtlMs,
        staleMs: STALE_MS,
        serveStaleOn: isUpstreamFailure,
      },
    );
    return cached.value;
  }
}
