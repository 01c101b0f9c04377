import { Injectable } from '@nestjs/common';
import type { ReplyEnvelope } from '@nl/contracts-core';
import {
  BAG_GET_ENDPOINT,
  BAG_SUGGEST_ENDPOINT,
  type AddressRecord,
  type AddressSuggestResponse,
  type AddressSuggestion,
  type BagIdNotFound,
  type BagIdResponse,
} from '@nl/contracts-property';
import { DomainCache, cacheKey, replyEnvelope, type Cached } from '@nl/platform-cache';
import type { RequestScope } from '@nl/platform-context';
import { DomainError } from '@nl/platform-errors';
import { answered, sourceOf, type Registers } from './registers.js';
import { BagClient } from '../upstream/bag/bag.client.js';
import { toBagAddress } from '../upstream/bag/bag.mapper.js';
import { PdokClient } from '../upstream/pdok/pdok.client.js';
import { isAddressDoc, toPdokAddress, toSuggestion } from '../upstream/pdok/pdok.mapper.js';
import type { PdokDoc } from '../upstream/pdok/pdok.types.js';

const NOT_FOUND: BagIdNotFound = { found: false, address: null };

/** An address record and the registers that answered it (`pdok`, `bag` or both). */
export interface SourcedRecord {
  readonly address: AddressRecord;
  readonly sources: Registers;
}

/**
 * PDOK's record with BAG's members laid over it: BAG is the register itself, so where it has a
 * value it wins. The WGS84 point and the municipality stay PDOK's when it has them: its point is
 * PDOK's own transformation, BAG's one converted by approximation, and its municipality code is
 * the address's own, where BAG's is found through the woonplaats.
 */
function merge(pdok: AddressRecord | null, bag: AddressRecord | null): AddressRecord | null {
  if (!pdok || !bag) return pdok ?? bag;
  const fromBag = Object.entries(bag).filter(([, value]) => value !== null);
  const merged = { ...pdok, ...(Object.fromEntries(fromBag) as Partial<AddressRecord>) };
  const point = pdok.lat !== null && pdok.lon !== null ? pdok : bag;
  return {
    ...merged,
    municipality: pdok.municipality ?? bag.municipality,
    lat: point.lat,
    lon: point.lon,
  };
}

/**
 * Autocomplete and address records. Suggestions come from PDOK (cached per normalised text by
 * the suggest row, all limits sharing one entry); a record is PDOK's, completed by the BAG API
 * when this server has a key (and always in the sandbox, whose BAG recording answers), cached by
 * the bag/id row.
 */
@Injectable()
export class AddressService {
  constructor(
    private readonly pdok: PdokClient,
    private readonly bag: BagClient,
    private readonly cache: DomainCache,
  ) {}

  async suggest(
    text: string,
    limit: number,
    scope: RequestScope,
  ): Promise<ReplyEnvelope<AddressSuggestResponse>> {
    const cached = await this.cache.through<AddressSuggestion[]>(
      cacheKey(scope, BAG_SUGGEST_ENDPOINT, `suggest:${text}`),
      async () => (await this.pdok.suggest(text, scope)).map(toSuggestion),
    );
    return replyEnvelope('pdok', {
      ...cached,
      value: { suggestions: cached.value.slice(0, limit) },
    });
  }

  async byId(id: string, scope: RequestScope): Promise<ReplyEnvelope<BagIdResponse>> {
    const cached = await this.record(id, scope);
    return replyEnvelope(sourceOf(cached.value.sources), {
      ...cached,
      value: { found: true, address: cached.value.address },
    });
  }

  /**
   * The record of an id through its cache entry, shared with the dossier, which passes PDOK's
   * document it already has. Fails with the source's coded error.
   */
  record(id: string, scope: RequestScope, known?: PdokDoc): Promise<Cached<SourcedRecord>> {
    const withBag = this.withBag(scope);
    return this.cache.through(
      cacheKey(scope, BAG_GET_ENDPOINT, `record:${id}:${withBag ? 'bag' : 'pdok'}`),
      () => this.load(id, withBag, scope, known),
    );
  }

  /** Whether address records are completed by the BAG API (a key here, or the sandbox). */
  withBag(scope: RequestScope): boolean {
    return this.bag.enabled(scope);
  }

  /** Why records have no BAG members here: BAG's not-configured error. */
  bagNotConfigured() {
    return this.bag.notConfiguredError();
  }

  /**
   * PDOK and BAG in parallel, then BAG's verblijfsobject (documents, occurrence, secondary
   * addresses). Either source failing fails the whole: no half record is answered or cached.
   * An id neither knows is a 404, not cached.
   */
  private async load(
    id: string,
    withBag: boolean,
    scope: RequestScope,
    known?: PdokDoc,
  ): Promise<SourcedRecord> {
    const [doc, bagAddress] = await Promise.all([
      known ?? this.pdok.byId(id, scope),
      withBag ? this.bag.address(id, scope) : Promise.resolve(null),
    ]);
    const vboId =
      bagAddress?.typeAdresseerbaarObject === 'Verblijfsobject'
        ? bagAddress.adresseerbaarObjectIdentificatie
        : undefined;
    const vbo = vboId ? await this.bag.verblijfsobject(vboId, scope) : null;
    const pdok = isAddressDoc(doc) ? toPdokAddress(doc) : null;
    const bag = bagAddress ? toBagAddress(bagAddress, vbo) : null;
    const address = merge(pdok, bag);
    if (!address) throw DomainError.notFound(NOT_FOUND, `No address has the id ${id}.`);
    return { address, sources: answered({ pdok, bag }) };
  }
}
