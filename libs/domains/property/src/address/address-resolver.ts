import { Injectable } from '@nestjs/common';
import { BAG_GET_ENDPOINT, addressKeyOf, type AddressKey } from '@nl/contracts-property';
import { DomainCache } from '@nl/platform-cache';
import { DomainError } from '@nl/platform-errors';
import { UpstreamError, rethrowAsDomainError } from '@nl/platform-upstream';
import { PdokClient } from '../upstream/pdok/pdok.client.js';
import type { PdokDoc } from '../upstream/pdok/pdok.types.js';

/** How long past its TTL a resolved address may stand in when PDOK fails. */
const STALE_MS = 30 * 86_400_000;

export const isUpstreamFailure = (error: unknown) => error instanceof UpstreamError;

/** A PDOK address document that names its nummeraanduiding. */
export type ResolvedDoc = PdokDoc & { readonly nummeraanduiding_id: string };

/**
 * Postcode and number → PDOK's address document, shared by every endpoint that takes an address
 * (woz-waarde, pandgegevens, dso/plans): one cache entry per address for 24 hours, stale for a
 * month when PDOK fails. An address PDOK does not know is a 404 with the endpoint's body.
 */
@Injectable()
export class AddressResolver {
  constructor(
    private readonly pdok: PdokClient,
    private readonly cache: DomainCache,
  ) {}

  /** The exact address (letter and addition as given; none given: the address without). */
  async document(address: AddressKey, notFoundBody: unknown): Promise<ResolvedDoc> {
    const key = addressKeyOf(address);
    const doc = await this.cached(`address-doc:${key}`, () => this.pdok.byAddress(address));
    if (!doc?.nummeraanduiding_id)
      throw DomainError.notFound(
        notFoundBody,
        `The address ${key} is not in the address register.`,
      );
    return doc as ResolvedDoc;
  }

  /**
   * Any address at a postcode and number (the one without letter or addition when it exists):
   * for a point, where 93 and 93A lie in one building.
   */
  async atNumber(postcode: string, houseNumber: number): Promise<ResolvedDoc> {
    const key = `${postcode}:${houseNumber}`;
    const doc = await this.cached(`address-at:${key}`, () =>
      this.pdok.byAddress({ postcode, house_number: houseNumber }, { anyVariant: true }),
    );
    if (!doc?.nummeraanduiding_id)
      throw new DomainError(
        'not_found',
        `No address at ${postcode} ${houseNumber} in the address register.`,
      );
    return doc as ResolvedDoc;
  }

  private async cached(key: string, load: () => Promise<PdokDoc | null>) {
    const cached = await this.cache
      .getOrLoad(key, load, {
        ttlMs: BAG_GET_ENDPOINT.cacheTtlMs,
        staleMs: STALE_MS,
        serveStaleOn: isUpstreamFailure,
      })
      .catch(rethrowAsDomainError);
    return cached.value;
  }
}
