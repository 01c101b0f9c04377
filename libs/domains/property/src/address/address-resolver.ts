import { Injectable } from '@nestjs/common';
import { addressKeyOf, type AddressKey } from '@nl/contracts-property';
import { DomainCache, cacheKey } from '@nl/platform-cache';
import type { RequestScope } from '@nl/platform-context';
import { DomainError } from '@nl/platform-errors';
import { PDOK_UPSTREAM, PdokClient } from '../upstream/pdok/pdok.client.js';
import type { PdokDoc } from '../upstream/pdok/pdok.types.js';

/** A PDOK address document that names its nummeraanduiding. */
export type ResolvedDoc = PdokDoc & { readonly nummeraanduiding_id: string };

/**
 * Postcode and number → PDOK's address document, shared by every endpoint that takes an address
 * (woz-waarde, pandgegevens, dso/plans): one cache entry per address, by PDOK's cache policy
 * (24 hours, stale for a month when PDOK fails). An address PDOK does not know is a 404 with the endpoint's body.
 */
@Injectable()
export class AddressResolver {
  constructor(
    private readonly pdok: PdokClient,
    private readonly cache: DomainCache,
  ) {}

  /** The exact address (letter and addition as given; none given: the address without). */
  async document(
    address: AddressKey,
    notFoundBody: unknown,
    scope: RequestScope,
  ): Promise<ResolvedDoc> {
    const key = addressKeyOf(address);
    const doc = await this.cached(scope, `address-doc:${key}`, () =>
      this.pdok.byAddress(address, scope),
    );
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
  async atNumber(postcode: string, houseNumber: number, scope: RequestScope): Promise<ResolvedDoc> {
    const key = `${postcode}:${houseNumber}`;
    const doc = await this.cached(scope, `address-at:${key}`, () =>
      this.pdok.byAddress({ postcode, house_number: houseNumber }, scope, { anyVariant: true }),
    );
    if (!doc?.nummeraanduiding_id)
      throw new DomainError(
        'not_found',
        `No address at ${postcode} ${houseNumber} in the address register.`,
      );
    return doc as ResolvedDoc;
  }

  private async cached(scope: RequestScope, name: string, load: () => Promise<PdokDoc | null>) {
    const cached = await this.cache.through(cacheKey(scope, PDOK_UPSTREAM.cache, name), load);
    return cached.value;
  }
}
