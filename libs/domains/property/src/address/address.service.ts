import { Injectable } from '@nestjs/common';
import type { ReplyEnvelope } from '@nl/contracts-core';
import {
  BAG_GET_ENDPOINT,
  BAG_NEARBY_ENDPOINT,
  BAG_SUGGEST_ENDPOINT,
  NEARBY_MAX,
  NEARBY_RADIUS_M,
  type AddressRecord,
  type AddressSuggestResponse,
  type AddressSuggestion,
  type BagIdNotFound,
  type BagIdResponse,
  type NearbyAddress,
  type NearbyResponse,
} from '@nl/contracts-property';
import { DomainCache, cacheKey, replyEnvelope, type Cached } from '@nl/platform-cache';
import type { RequestScope } from '@nl/platform-context';
import { DomainError } from '@nl/platform-errors';
import { answered, sourceOf, type Registers } from './registers.js';
import { BagClient } from '../upstream/bag/bag.client.js';
import type { BagVerblijfsobjectAnswer } from '../upstream/bag/bag.types.js';
import { toBagAddress } from '../upstream/bag/bag.mapper.js';
import { PdokClient } from '../upstream/pdok/pdok.client.js';
import {
  isAddressDoc,
  toNearby,
  toPdokAddress,
  toSuggestion,
  type Point,
} from '../upstream/pdok/pdok.mapper.js';
import type { PdokDoc } from '../upstream/pdok/pdok.types.js';

const NOT_FOUND: BagIdNotFound = { found: false, address: null };

/**
 * A verblijfsobject's id: digits 5 and 6 of a BAG object id say its type (`01`; a ligplaats is
 * `02`, a standplaats `03`), and BAG's `/verblijfsobjecten/{id}` takes only these.
 */
const VERBLIJFSOBJECT_ID = /^[0-9]{4}01[0-9]{10}$/;

/** BAG's verblijfsobject call started from PDOK's document, before BAG's address answered. */
interface EarlyObject {
  readonly id: string;
  readonly answer: Promise<BagVerblijfsobjectAnswer | null>;
}

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
 * Autocomplete, address records and the addresses near a point. Suggestions come from PDOK
 * (cached per normalised text by the suggest row, all limits sharing one entry); a record is
 * PDOK's, completed by the BAG API when this server has a key (and always in the sandbox, whose
 * BAG recording answers), cached by the bag/id row; the addresses near a point are PDOK's
 * records, cached per exact point by the nearby row, all limits sharing one entry.
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

  /**
   * The addresses nearest a point, nearest first, within the radius: PDOK's `/reverse` is asked
   * for the most a caller may want, and the first `limit` answered. The point is the key as the
   * caller gave it (as a number): rounding it would change the distances.
   */
  async nearby(
    point: Point,
    limit: number,
    scope: RequestScope,
  ): Promise<ReplyEnvelope<NearbyResponse>> {
    const cached = await this.cache.through<NearbyAddress[]>(
      cacheKey(scope, BAG_NEARBY_ENDPOINT, `nearby:${point.lat},${point.lon}`),
      async () =>
        toNearby(
          await this.pdok.reverse(point, NEARBY_RADIUS_M, NEARBY_MAX, scope),
          point,
          NEARBY_RADIUS_M,
        ),
    );
    return replyEnvelope('pdok', {
      ...cached,
      value: { radius_m: NEARBY_RADIUS_M, results: cached.value.slice(0, limit) },
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
   * PDOK and BAG in parallel, and BAG's verblijfsobject (documents, occurrence, secondary
   * addresses) as soon as PDOK names it, not after BAG's address does: both registers carry the
   * same object id, so the object's call need not wait for the address's. Should BAG's address
   * name another object, or none, the early answer is dropped and BAG's own object asked, so the
   * record is the same either way. Either source failing fails the whole: no half record is
   * answered or cached. An id neither knows is a 404, not cached.
   */
  private async load(
    id: string,
    withBag: boolean,
    scope: RequestScope,
    known?: PdokDoc,
  ): Promise<SourcedRecord> {
    const pdokDoc = known ? Promise.resolve(known) : this.pdok.byId(id, scope);
    const early = withBag
      ? pdokDoc.then((doc) => this.objectNamedBy(doc, scope))
      : Promise.resolve(undefined);
    // Settled through Promise.all below; a PDOK failure is reported there, not here.
    early.catch(() => undefined);
    const [doc, bagAddress] = await Promise.all([
      pdokDoc,
      withBag ? this.bag.address(id, scope) : Promise.resolve(null),
    ]);
    const vboId =
      bagAddress?.typeAdresseerbaarObject === 'Verblijfsobject'
        ? bagAddress.adresseerbaarObjectIdentificatie
        : undefined;
    const asked = await early;
    const vbo = !vboId
      ? null
      : asked?.id === vboId
        ? await asked.answer
        : await this.bag.verblijfsobject(vboId, scope);
    const pdok = isAddressDoc(doc) ? toPdokAddress(doc) : null;
    const bag = bagAddress ? toBagAddress(bagAddress, vbo) : null;
    const address = merge(pdok, bag);
    if (!address) throw DomainError.notFound(NOT_FOUND, `No address has the id ${id}.`);
    return { address, sources: answered({ pdok, bag }) };
  }

  /**
   * BAG's answer for the verblijfsobject PDOK's document names, asked now; undefined when it
   * names none (a ligplaats or standplaats, or no document). Its failure counts only if BAG's
   * address names the same object, so it is marked handled here.
   */
  private objectNamedBy(doc: PdokDoc | null, scope: RequestScope): EarlyObject | undefined {
    const id = doc?.adresseerbaarobject_id;
    if (!id || !VERBLIJFSOBJECT_ID.test(id)) return undefined;
    const answer = this.bag.verblijfsobject(id, scope);
    answer.catch(() => undefined);
    return { id, answer };
  }
}
