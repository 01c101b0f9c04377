import {
  PROPERTY_SANDBOX_ADDRESSES as ADDRESSES,
  PROPERTY_SANDBOX_IDS as IDS,
  NEARBY_SANDBOX_POINTS as POINTS,
} from '@nl/contracts-property';
import type { RecordedAnswer, Recording } from '@nl/platform-upstream';
import { readFileSync } from 'node:fs';
import { metresBetween, pointOf } from './pdok.mapper.js';
import type { PdokAnswer, PdokDoc } from './pdok.types.js';

const read = (file: string): PdokAnswer =>
  JSON.parse(readFileSync(new URL(`./recorded/${file}`, import.meta.url), 'utf8')) as PdokAnswer;

/** PDOK's answers, as recorded (recorded/PROVENANCE.md). */
export interface PdokRecorded {
  /** The recorded `/suggest` answer (Westeringlaan 18…, Maasbree). */
  readonly suggest: PdokAnswer;
  /**
   * Full address documents: Europalaan 93 and Bolstraat 1 (`/lookup` and `/free` answers), and
   * Europalaan 95 and 91, the ILLUSTRATIVE neighbours of the illustrative `/reverse` answer.
   */
  readonly addresses: PdokDoc[];
}

export function recordedPdok(): PdokRecorded {
  const addresses = [...read('lookup.json').response.docs, ...read('free.json').response.docs];
  const known = new Set(addresses.map((doc) => doc.nummeraanduiding_id));
  const neighbours = read('illustrative_reverse_europalaan.json')
    .response.docs.filter((doc) => !known.has(doc.nummeraanduiding_id))
    .map(({ afstand: _afstand, ...doc }) => doc);
  return { suggest: read('suggest.json'), addresses: [...addresses, ...neighbours] };
}

/** The text the recorded suggest answer belongs to: any text naming the street. */
const SUGGEST_TEXT = 'westeringlaan';

const TRIGGERS: Readonly<Record<string, RecordedAnswer>> = {
  [IDS.pdokTimeout]: { fail: 'timeout' },
  [IDS.pdokDown]: { fail: 'unavailable' },
  [IDS.suggestTimeout]: { fail: 'timeout' },
  [IDS.suggestDown]: { fail: 'unavailable' },
  [`${ADDRESSES.pdokTimeout.postcode}:${ADDRESSES.pdokTimeout.house_number}`]: { fail: 'timeout' },
  [`${ADDRESSES.pdokDown.postcode}:${ADDRESSES.pdokDown.house_number}`]: { fail: 'unavailable' },
  [`${POINTS.timeout.lat},${POINTS.timeout.lon}`]: { fail: 'timeout' },
  [`${POINTS.down.lat},${POINTS.down.lon}`]: { fail: 'unavailable' },
};

/** Solr's envelope around the documents found. */
const found = (docs: readonly PdokDoc[], rows: number): RecordedAnswer => ({
  body: { response: { numFound: docs.length, start: 0, docs: docs.slice(0, rows) } },
});

/** PDOK's answer to a missing or malformed parameter (recorded/error.json). */
const badRequest = (): RecordedAnswer => ({ status: 400, body: read('error.json') });

/**
 * `/reverse` over the known documents as PDOK answers it: of the asked type (default `adres`),
 * within `distance` metres when given, nearest first, cut to `rows`, each with its `afstand`.
 */
function reverse(docs: readonly PdokDoc[], query: Record<string, unknown>): RecordedAnswer {
  const point = { lat: Number(query['lat']), lon: Number(query['lon']) };
  if (!Number.isFinite(point.lat) || !Number.isFinite(point.lon)) return badRequest();
  const trigger = TRIGGERS[`${point.lat},${point.lon}`];
  if (trigger) return trigger;
  const type = String(query['type'] ?? 'adres');
  const radius = query['distance'] === undefined ? Infinity : Number(query['distance']);
  const near = docs
    .filter((doc) => type === '*' || doc.type === type)
    .flatMap((doc) => {
      const { lat, lon } = pointOf(doc.centroide_ll);
      if (lat === null || lon === null) return [];
      const afstand = Math.round(metresBetween(point, { lat, lon }) * 100) / 100;
      return afstand <= radius ? [{ ...doc, afstand }] : [];
    })
    .sort((a, b) => a.afstand - b.afstand);
  const rows = Number(query['rows'] ?? 10);
  return {
    body: {
      response: { numFound: near.length, start: 0, numFoundExact: true, docs: near.slice(0, rows) },
    },
  };
}

/** `nummeraanduiding_id:X` or `postcode:P and huisnummer:N`, as the client writes them. */
const BY_ID = /^nummeraanduiding_id:(\d{16})$/;
const BY_ADDRESS = /^postcode:([0-9]{4}[A-Z]{2}) and huisnummer:(\d+)$/;

/**
 * PDOK Locatieserver v3.1 as recorded: `/suggest` answers the recorded suggestions for a text
 * naming Westeringlaan (cut to `rows`), none for any other; `/free` finds the recorded address
 * documents by nummeraanduiding id or by postcode and number; `/lookup?id=adr-…` by PDOK id.
 * `/reverse` ranks the address documents by their distance from the point (the illustrative
 * neighbours of Europalaan 93 among them). The trigger ids, texts and points time out or cannot
 * be reached. `data` lets a test fake add rows.
 */
export function pdokRecording(data: PdokRecorded = recordedPdok()): Recording {
  return {
    upstream: 'pdok',
    answer: (request) => {
      const q = String(request.query?.['q'] ?? '');
      const rows = Number(request.query?.['rows'] ?? 10);
      if (request.path === '/suggest') {
        if (!q) return badRequest();
        // The text as Solr reads it: the client escapes its syntax characters.
        const text = q.replace(/\\(.)/g, '$1');
        const trigger = TRIGGERS[text];
        if (trigger) return trigger;
        return text.toLowerCase().includes(SUGGEST_TEXT)
          ? {
              body: {
                ...data.suggest,
                response: {
                  ...data.suggest.response,
                  docs: data.suggest.response.docs.slice(0, rows),
                },
              },
            }
          : found([], rows);
      }
      if (request.path === '/free') {
        const id = BY_ID.exec(q)?.[1];
        if (id)
          return (
            TRIGGERS[id] ??
            found(
              data.addresses.filter((d) => d.nummeraanduiding_id === id),
              rows,
            )
          );
        const address = BY_ADDRESS.exec(q);
        const trigger = address && TRIGGERS[`${address[1]}:${address[2]}`];
        if (trigger) return trigger;
        if (address)
          return found(
            data.addresses.filter(
              (d) => d.postcode === address[1] && d.huisnummer === Number(address[2]),
            ),
            rows,
          );
        return found([], rows);
      }
      if (request.path === '/lookup') {
        const id = request.query?.['id'];
        if (id === undefined) return badRequest();
        return found(
          data.addresses.filter((d) => d.id === String(id)),
          1,
        );
      }
      if (request.path === '/reverse') return reverse(data.addresses, request.query ?? {});
      return { status: 404, body: { error: 'no such path' } };
    },
  };
}
