import { Injectable } from '@nestjs/common';
import type { ReplyEnvelope } from '@nl/contracts-core';
import {
  WOZ_GET_ENDPOINT,
  type ValueAddress,
  type WozValueNotFound,
  type WozValueQuery,
  type WozValueResponse,
} from '@nl/contracts-property';
import { DomainCache, cacheKey, replyEnvelope, type Cached } from '@nl/platform-cache';
import type { RequestScope } from '@nl/platform-context';
import { DomainError } from '@nl/platform-errors';
import { AddressResolver } from '../address/address-resolver.js';
import { answered, sourceOf, type Registers } from '../address/registers.js';
import { PdokClient } from '../upstream/pdok/pdok.client.js';
import { isAddressDoc, parcelOf, pointOf, toPdokAddress } from '../upstream/pdok/pdok.mapper.js';
import type { PdokDoc } from '../upstream/pdok/pdok.types.js';
import { WozClient } from '../upstream/woz/woz.client.js';
import { toPropertyValue, wozAddress, wozParcel } from '../upstream/woz/woz.mapper.js';

const NOT_FOUND: WozValueNotFound = { found: false, address: null, property_value: null };

/** A value and the registers that answered it (without `woz`, the source had no object). */
export interface SourcedValue {
  readonly value: WozValueResponse;
  readonly sources: Registers;
}

const notFound = (what: string) =>
  DomainError.notFound(NOT_FOUND, `${what} is not in the address register.`);

/** The value response's address from PDOK's document. */
function pdokValueAddress(doc: PdokDoc): ValueAddress | null {
  if (!isAddressDoc(doc)) return null;
  const record = toPdokAddress(doc);
  if (!record.postcode) return null;
  return {
    bag_nummeraanduiding_id: record.bag_nummeraanduiding_id,
    verblijfsobject_id: record.bag_verblijfsobject_id,
    openbareruimte_id: record.bag_openbare_ruimte_id,
    street: record.street,
    house_number: record.house_number,
    postcode: record.postcode,
    city: record.city,
    municipality: record.municipality,
    ...pointOf(doc.centroide_ll),
  };
}

/**
 * `GET /v1/property/woz-waarde`. With a postcode, PDOK finds the address id first (that answer
 * is cached as PDOK's answer); the value is cached per id by the woz-waarde row, so an id and its
 * postcode share one entry. The WOZ source is asked for one object per caller request, never in bulk; when it
 * fails or rate-limits us the last value is served stale, else 503 with its Retry-After. An
 * address without a WOZ value (a non-residential object) is 200 with amount null; an address no
 * source knows is 404 (not cached).
 */
@Injectable()
export class ValueService {
  constructor(
    private readonly pdok: PdokClient,
    private readonly addresses: AddressResolver,
    private readonly woz: WozClient,
    private readonly cache: DomainCache,
  ) {}

  async value(query: WozValueQuery, scope: RequestScope): Promise<ReplyEnvelope<WozValueResponse>> {
    // With an address, PDOK's document gives the id, and the load below needs not ask again.
    const doc =
      query.id === undefined
        ? await this.addresses.document(
            {
              postcode: query.postcode as string,
              house_number: query.house_number as number,
              house_letter: query.house_letter,
              house_number_addition: query.house_number_addition,
            },
            NOT_FOUND,
            scope,
          )
        : undefined;
    const id = query.id ?? (doc?.nummeraanduiding_id as string);
    const cached = await this.cachedValue(id, scope, doc);
    return replyEnvelope(sourceOf(cached.value.sources), { ...cached, value: cached.value.value });
  }

  /** The value of an id through its cache entry, shared with the dossier. */
  cachedValue(id: string, scope: RequestScope, known?: PdokDoc): Promise<Cached<SourcedValue>> {
    return this.cache.through(cacheKey(scope, WOZ_GET_ENDPOINT, `value:${id}`), () =>
      this.load(id, scope, known),
    );
  }

  private async load(
    id: string,
    scope: RequestScope,
    known: PdokDoc | undefined,
  ): Promise<SourcedValue> {
    const [doc, woz] = await Promise.all([
      known === undefined ? this.pdok.byId(id, scope) : Promise.resolve(known),
      this.woz.value(id, scope),
    ]);
    const address = (doc && pdokValueAddress(doc)) ?? (woz && wozAddress(woz, id));
    if (!address) throw notFound(`The address id ${id}`);
    return {
      sources: answered({ pdok: doc, woz }),
      value: {
        found: true,
        address,
        property_value: toPropertyValue(woz),
        grondoppervlakte: woz?.wozObject?.grondoppervlakte ?? null,
        ...(wozParcel(woz) ?? parcelOf(doc)),
      },
    };
  }
}
