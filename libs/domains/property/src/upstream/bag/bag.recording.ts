import { PROPERTY_SANDBOX_IDS as IDS } from '@nl/contracts-property';
import type { RecordedAnswer, Recording } from '@nl/platform-upstream';
import { readFileSync } from 'node:fs';
import type { BagAddress, BagVerblijfsobjectAnswer } from './bag.types.js';

const read = <T>(file: string): T =>
  JSON.parse(readFileSync(new URL(`./recorded/${file}`, import.meta.url), 'utf8')) as T;

/** The BAG answers as recorded (recorded/PROVENANCE.md), by id. */
export interface BagRecorded {
  /** `/adressenuitgebreid/{nummeraanduiding id}`. */
  readonly addresses: Map<string, BagAddress>;
  /** `/verblijfsobjecten/{id}`. */
  readonly verblijfsobjecten: Map<string, BagVerblijfsobjectAnswer>;
}

export function recordedBag(): BagRecorded {
  // A search answer holds the same address object `/adressenuitgebreid/{id}` answers alone.
  const found = read<{ _embedded: { adressen: BagAddress[] } }>('adressenuitgebreid_3286LT_37.json')
    ._embedded.adressen;
  const vbo = read<BagVerblijfsobjectAnswer>('verblijfsobject_0268010000036826.json');
  // ILLUSTRATIVE (PROVENANCE.md): Europalaan 93 with made-up values, so the sandbox address
  // has a complete record and dossier.
  const europalaan = read<BagAddress>('illustrative_adressenuitgebreid_0344200000128086.json');
  const europalaanVbo = read<BagVerblijfsobjectAnswer>(
    'illustrative_verblijfsobject_0344010000006589.json',
  );
  return {
    addresses: new Map([...found, europalaan].map((a) => [a.nummeraanduidingIdentificatie, a])),
    verblijfsobjecten: new Map(
      [vbo, europalaanVbo].map((v) => [v.verblijfsobject.identificatie, v]),
    ),
  };
}

/** BAG's 404, `application/problem+json`. */
const notFound = (path: string): RecordedAnswer => ({
  status: 404,
  headers: { 'content-type': 'application/problem+json' },
  body: {
    status: 404,
    title: 'Opgevraagde resource bestaat niet.',
    instance: path,
    code: 'notFound',
  },
});

const TRIGGERS: Readonly<Record<string, RecordedAnswer>> = {
  // Quota or rate exceeded: 429 with the per-second reset of 1 s, as BAG sends it.
  [IDS.bagRateLimited]: {
    status: 429,
    headers: {
      'content-type': 'application/problem+json',
      'x-rate-limit-limit': '50',
      'x-rate-limit-remaining': '0',
      'x-rate-limit-reset': '1',
    },
    body: { status: 429, title: 'Too Many Requests', detail: 'You have exceeded your quota' },
  },
};

const PATH = /^\/(adressenuitgebreid|verblijfsobjecten)\/(\d{16})$/;

/**
 * The BAG API as recorded: `/adressenuitgebreid/{id}` and `/verblijfsobjecten/{id}` answer the
 * recorded objects, 404 for any other id, and the trigger id is rate-limited. `data` lets a
 * test fake add objects.
 */
export function bagRecording(data: BagRecorded = recordedBag()): Recording {
  return {
    upstream: 'bag',
    answer: (request) => {
      const match = PATH.exec(request.path);
      if (!match) return notFound(request.path);
      const [, resource, id] = match as unknown as [string, string, string];
      const trigger = TRIGGERS[id];
      if (trigger) return trigger;
      const body =
        resource === 'adressenuitgebreid' ? data.addresses.get(id) : data.verblijfsobjecten.get(id);
      return body
        ? { headers: { 'content-type': 'application/hal+json' }, body }
        : notFound(request.path);
    },
  };
}
