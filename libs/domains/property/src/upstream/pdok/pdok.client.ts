import { Injectable } from '@nestjs/common';
import { DAY } from '@nl/contracts-core';
import type { AddressKey } from '@nl/contracts-property';
import type { RequestScope } from '@nl/platform-context';
import {
  InjectUpstream,
  Upstream,
  UpstreamBusy,
  UpstreamError,
  retryAfterOf,
  type UpstreamRegistration,
  type UpstreamRequest,
  type UpstreamResponse,
} from '@nl/platform-upstream';
import { PROPERTY_CONFIG, type PropertySettings } from '../../property.config.js';
import { pdokRecording } from './pdok.recording.js';
import type { PdokAnswer, PdokDoc } from './pdok.types.js';

/**
 * PDOK Locatieserver: 2 s per attempt, one retry (4.2 s at most, inside the 5 s of a suggest).
 * No key; fair use, so every answer is cached by the services. An address's document is cached
 * by itself, shared by every endpoint that takes an address: 24 hours, and for a month past that
 * when PDOK fails.
 */
export const PDOK_UPSTREAM = {
  name: 'pdok',
  config: PROPERTY_CONFIG,
  client: ({ pdok }) =>
    pdok.url ? { baseUrl: pdok.url, timeoutMs: 2_000, retries: 1, backoffMs: 100 } : null,
  notConfigured: 'Addresses need PDOK_URL (PDOK Locatieserver) on this server.',
  recording: pdokRecording(),
  cache: { cacheTtlMs: DAY, staleIfErrorMs: 30 * DAY },
} satisfies UpstreamRegistration<PropertySettings>;

/**
 * The fields a suggestion needs. v3.1 refuses parameters outside its spec; `fl` is in the spec
 * of `/suggest` (v3), but whether v3.1 honours it there is not confirmed: without it the answer
 * has the default fields, and the mapper reads postcode and number from the label, the ids
 * staying null.
 */
export const SUGGEST_FIELDS =
  'id,weergavenaam,type,score,nummeraanduiding_id,adresseerbaarobject_id,postcode,huisnummer';
/** How many suggestions are asked for: the most a caller may want, so every limit shares one. */
export const SUGGEST_ROWS = 10;

/**
 * What `/reverse` is asked to return: every stored field, and `afstand` (metres from the point),
 * which its default field list has and `*` may not name.
 */
export const REVERSE_FIELDS = '*,afstand';

/** Without a letter or addition, PDOK's `free` answers every variant at the number. */
const ADDRESS_ROWS = 100;

/** Characters with a meaning in Solr's query syntax. */
const SOLR_SYNTAX = /[+\-&|!(){}[\]^"~*?:\\/]/g;

const same = (a: string | undefined, b: string | undefined) =>
  (a ?? '').toUpperCase() === (b ?? '').toUpperCase();

/** HTTP only: the four questions the property service asks PDOK. */
@Injectable()
export class PdokClient {
  /** Whether `/suggest` is asked for the fields of {@link SUGGEST_FIELDS}. */
  private suggestFields = true;

  constructor(@InjectUpstream('pdok') private readonly upstream: Upstream) {}

  /**
   * Up to ten suggestions for a text, best first (PDOK's default types: addresses, streets, …).
   * Solr's syntax characters in the text are escaped, so `18A-1` or a stray quote is text, never
   * a query error. Should PDOK refuse `fl` here (HTTP 400), the text is asked again without it,
   * and from then on this process leaves `fl` out.
   */
  async suggest(text: string, scope: RequestScope): Promise<readonly PdokDoc[]> {
    const q = text.replace(SOLR_SYNTAX, '\\$&');
    if (this.suggestFields) {
      const query = { q, rows: SUGGEST_ROWS, fl: SUGGEST_FIELDS };
      const response = await this.upstream.request<Partial<PdokAnswer> | null>(
        { path: '/suggest', query },
        scope,
      );
      if (response.status !== 400) return docsOf(response);
      this.suggestFields = false;
    }
    return this.docs({ path: '/suggest', query: { q, rows: SUGGEST_ROWS } }, scope);
  }

  /** The address document of a nummeraanduiding id, null when PDOK has none. */
  async byId(id: string, scope: RequestScope): Promise<PdokDoc | null> {
    const docs = await this.docs(
      {
        path: '/free',
        query: { q: `nummeraanduiding_id:${id}`, fq: 'type:adres', fl: '*', rows: 1 },
      },
      scope,
    );
    return docs.find((doc) => doc.nummeraanduiding_id === id) ?? null;
  }

  /**
   * The one address at a postcode and number with exactly this letter and addition (none given:
   * the address without), compared without regard to case; with `anyVariant`, else the first
   * at that number. Null when there is none.
   */
  async byAddress(
    address: AddressKey,
    scope: RequestScope,
    options: { anyVariant?: boolean } = {},
  ): Promise<PdokDoc | null> {
    const docs = await this.docs(
      {
        path: '/free',
        query: {
          q: `postcode:${address.postcode} and huisnummer:${address.house_number}`,
          fq: 'type:adres',
          fl: '*',
          rows: ADDRESS_ROWS,
        },
      },
      scope,
    );
    const atNumber = docs.filter(
      (doc) => doc.postcode === address.postcode && doc.huisnummer === address.house_number,
    );
    const exact = atNumber.find(
      (doc) =>
        same(doc.huisletter, address.house_letter) &&
        same(doc.huisnummertoevoeging, address.house_number_addition),
    );
    return exact ?? (options.anyVariant ? atNumber[0] : undefined) ?? null;
  }

  /**
   * The address documents nearest a WGS84 point, nearest first: at most `rows`, none further
   * than `radiusM` metres (PDOK's `distance`). `type=adres` chooses the nearest addresses, where
   * an `fq` would filter them after the nearest objects of any type were chosen.
   */
  async reverse(
    point: { readonly lat: number; readonly lon: number },
    radiusM: number,
    rows: number,
    scope: RequestScope,
  ): Promise<readonly PdokDoc[]> {
    const query = { ...point, type: 'adres', distance: radiusM, rows, fl: REVERSE_FIELDS };
    return this.docs({ path: '/reverse', query }, scope);
  }

  private async docs(request: UpstreamRequest, scope: RequestScope): Promise<readonly PdokDoc[]> {
    return docsOf(await this.upstream.request<Partial<PdokAnswer> | null>(request, scope));
  }
}

/** The documents of an answer; throws when there are none to read (429: with its Retry-After). */
function docsOf(response: UpstreamResponse<Partial<PdokAnswer> | null>): readonly PdokDoc[] {
  if (response.status === 429) throw new UpstreamBusy('pdok', retryAfterOf(response.headers));
  const docs = response.status === 200 ? response.body?.response?.docs : undefined;
  if (!Array.isArray(docs))
    throw new UpstreamError('pdok', 'unavailable', `PDOK answered HTTP ${response.status}`);
  return docs as readonly PdokDoc[];
}
