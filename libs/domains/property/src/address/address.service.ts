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
import { DomainCache, replyEnvelope, type Cached } from '@nl/platform-cache';
import { DomainError } from '@nl/platform-errors';
import { rethrowAsDomainError } from '@nl/platform-upstream';
import { isUpstreamFailure } from './address-resolver.js';
import { BagClient } from '../upstream/bag/bag.client.js';
import { toBagAddress } from '../upstream/bag/bag.mapper.js';
import { PdokClient } from '../upstream/pdok/pdok.client.js';
import { isAddressDoc, toPdokAddress, toSuggestion } from '../upstream/pdok/pdok.mapper.js';
import type { PdokDoc } from '../upstream/pdok/pdok.types.js';

const HOUR = 3_600_000;
/** How long past its TTL an address record may stand in when a source fails. */
const RECORD_STALE_MS = 7 * 24 * HOUR;
/** Suggestions go stale quickly: an hour more at most. */
const SUGGEST_STALE_MS = HOUR;
const NOT_FOUND: BagIdNotFound = { found: false, address: null };

/** An address record and the sources that answered it (`pdok`, `bag` or `pdok+bag`). */
export interface SourcedRecord {
  readonly address: AddressRecord;
  readonly source: string;
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
 * Autocomplete and address records. Suggestions come from PDOK (cached an hour per normalised
 * text, all limits sharing one entry); a record is PDOK's, completed by the BAG API when this
 * server has a key (and always in the sandbox, whose BAG recording answers), cached 24 hours.
 */
@Injectable()
export class AddressService {
  constructor(
    private readonly pdok: PdokClient,
    private readonly bag: BagClient,
    private readonly cache: DomainCache,
  ) {}

  async suggest(text: string, limit: number): Promise<ReplyEnvelope<AddressSuggestResponse>> {
    const cached = await this.cache
      .getOrLoad<AddressSuggestion[]>(
        `suggest:${text}`,
        async () => (await this.pdok.suggest(text)).map(toSuggestion),
        {
          ttlMs: BAG_SUGGEST_ENDPOINT.cacheTtlMs,
          staleMs: SUGGEST_STALE_MS,
          serveStaleOn: isUpstreamFailure,
        },
      )
      .catch(rethrowAsDomainError);
    return replyEnvelope('pdok', {
      ...cached,
      value: { suggestions: cached.value.slice(0, limit) },
    });
  }

  async byId(id: string): Promise<ReplyEnvelope<BagIdResponse>> {
    const cached = await this.record(id).catch(rethrowAsDomainError);
    return replyEnvelope(cached.value.source, {
      ...cached,
      value: { found: true, address: cached.value.address },
    });
  }

  /**
   * The record of an id through its cache entry (24 hours), shared with the dossier, which
   * passes PDOK's document it already has. Fails with the source's UpstreamError.
   */
  record(id: string, known?: PdokDoc): Promise<Cached<SourcedRecord>> {
    const withBag = this.bag.enabled;
    return this.cache.getOrLoad(
      `address:${id}:${withBag ? 'bag' : 'pdok'}`,
      () => this.load(id, withBag, known),
      {
        ttlMs: BAG_GET_ENDPOINT.cacheTtlMs,
        staleMs: RECORD_STALE_MS,
        serveStaleOn: isUpstreamFailure,
      },
    );
  }

  /** Whether address records are completed by the BAG API on this server (a key, or the sandbox). */
  get withBag(): boolean {
    return this.bag.enabled;
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
  private async load(id: string, withBag: boolean, known?: PdokDoc): Promise<SourcedRecord> {
    const [doc, bagAddress] = await Promise.all([
      known ?? this.pdok.byId(id),
      withBag ? this.bag.address(id) : Promise.resolve(null),
    ]);
    const vboId =
      bagAddress?.typeAdresseerbaarObject === 'Verblijfsobject'
        ? bagAddress.adresseerbaarObjectIdentificatie
        : undefined;
    const vbo = vboId ? await this.bag.verblijfsobject(vboId) : null;
    const pdok = isAddressDoc(doc) ? toPdokAddress(doc) : null;
    const bag = bagAddress ? toBagAddress(bagAddress, vbo) : null;
    const address = merge(pdok, bag);
    if (!address) throw DomainError.notFound(NOT_FOUND, `No address has the id ${id}.`);
    return { address, source: [pdok && 'pdok', bag && 'bag'].filter(Boolean).join('+') };
  }
}
