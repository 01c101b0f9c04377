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
import { DomainCache, cacheKey, replyEnvelope } from '@nl/platform-cache';
import type { RequestScope } from '@nl/platform-context';
import type { DomainError } from '@nl/platform-errors';
import { asDomainError, isNotConfigured, isUpstreamFailure } from '@nl/platform-upstream';
import { AddressResolver } from '../address/address-resolver.js';
import { AddressService, type SourcedRecord } from '../address/address.service.js';
import { PlansService, pointOfDoc } from '../plans/plans.service.js';
import { sourceOf } from '../address/registers.js';
import { EP_ONLINE_UPSTREAM, EpOnlineClient } from '../upstream/ep-online/ep-online.client.js';
import { toEnergyLabels } from '../upstream/ep-online/ep-online.mapper.js';
import { toPdokAddress, type PdokAddressDoc } from '../upstream/pdok/pdok.mapper.js';
import { ValueService } from '../value/value.service.js';
import { assembleDossier, mapOutcome, type SourceOutcome } from './dossier.assembler.js';

/**
 * How long the optional sources together may take once the address is known; one that has not
 * answered by then is reported as timed out (the endpoint's own timeout is 15 s).
 */
export const SOURCES_BUDGET_MS = 9_000;

const NOT_FOUND: PandgegevensNotFound = { found: false, address: null };

/** A dossier as cached: partial ones (`complete: false`) for the row's partial TTL only. */
interface StoredDossier {
  readonly response: PandgegevensResponse;
  readonly complete: boolean;
  readonly source: string;
}

/** A source's failure as the dossier reports it; anything else is a fault and is thrown. */
function failureOf(name: string, error: unknown): SourceOutcome<never> {
  if (error instanceof BudgetSpent)
    return { status: 'failed', code: 'upstream_timeout', reason: `${name}: ${error.message}` };
  if (isNotConfigured(error))
    return { status: 'not_configured', code: error.code, reason: error.message };
  if (isUpstreamFailure(error)) {
    const coded = asDomainError(error) as DomainError;
    return { status: 'failed', code: coded.code, reason: coded.message };
  }
  throw error;
}

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
 * The assembled dossier is cached by the pandgegevens row: its TTL when complete, its partial
 * TTL when not; concurrent requests for one address share one assembly.
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

  async dossier(
    query: PandgegevensQuery,
    scope: RequestScope,
  ): Promise<ReplyEnvelope<PandgegevensResponse>> {
    const variant = this.addresses.withBag(scope) ? 'bag' : 'pdok';
    const cached = await this.cache.through<StoredDossier>(
      cacheKey(scope, PANDGEGEVENS_GET_ENDPOINT, `dossier:${addressKeyOf(query)}:${variant}`),
      () => this.assemble(query, scope),
    );
    const envelope = replyEnvelope(cached.value.source, {
      ...cached,
      value: cached.value.response,
    });
    return cached.value.complete
      ? envelope
      : { ...envelope, meta: { ...envelope.meta, partial: true } };
  }

  private async assemble(query: PandgegevensQuery, scope: RequestScope): Promise<StoredDossier> {
    const doc = (await this.resolver.document(query, NOT_FOUND, scope)) as PdokAddressDoc;
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
          async () => (await this.addresses.record(doc.nummeraanduiding_id, scope, doc)).value,
          () => false,
          deadline,
        ),
        outcome(
          'ep-online',
          async () => (vbo ? toEnergyLabels(await this.labelsOf(vbo, scope)) : []),
          (list: readonly EnergyLabelRecord[]) => list.length === 0,
          deadline,
        ),
        outcome(
          'woz',
          async () => (await this.values.cachedValue(doc.nummeraanduiding_id, scope, doc)).value,
          (sourced) => !sourced.sources.includes('woz'),
          deadline,
        ),
        outcome(
          'ruimtelijke-plannen',
          async () => (point ? this.plans.zoningAt(point, scope) : null),
          (planning) => planning === null,
          deadline,
        ),
      ]);
      const { response, complete, answered } = assembleDossier(
        {
          doc,
          address: record.status === 'ok' ? record.value.address : toPdokAddress(doc),
          bag: this.bagOutcome(record, scope),
          labels,
          value: mapOutcome(value, (sourced) => sourced.value.property_value as PropertyValue),
          planning,
        },
        new Date().toISOString().slice(0, 10),
      );
      return { response, complete, source: sourceOf(answered) };
    } finally {
      clearTimeout(timer);
    }
  }

  /** BAG's part: a record with BAG's members, PDOK's alone (BAG has none, or no key), or a failure. */
  private bagOutcome(
    record: SourceOutcome<SourcedRecord>,
    scope: RequestScope,
  ): SourceOutcome<unknown> {
    if (record.status !== 'ok' || record.value.sources.includes('bag')) return record;
    return this.addresses.withBag(scope)
      ? { status: 'empty', value: null }
      : failureOf('bag', this.addresses.bagNotConfigured());
  }

  /** EP-Online's labels of an object, cached by EP-Online's policy. */
  private async labelsOf(objectId: string, scope: RequestScope) {
    const cached = await this.cache.through(
      cacheKey(scope, EP_ONLINE_UPSTREAM.cache, `energy:${objectId}`),
      () => this.epOnline.labels(objectId, scope),
    );
    return cached.value;
  }
}
