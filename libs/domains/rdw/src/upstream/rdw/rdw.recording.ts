import type { RecordedAnswer, Recording } from '@nl/platform-upstream';
import { readFileSync } from 'node:fs';
import { DATASETS, type SocrataRow } from './rdw.types.js';

/** The recorded rows (see recorded/PROVENANCE.md), by file: `<dataset id>_<plate>[_full].json`. */
const FILES = [
  'm9d7-ebf2_TT601D.json',
  '8ys7-d773_TT601D.json',
  '3huj-srit_TT601D.json',
  'vezc-m2t6_TT601D.json',
  'm9d7-ebf2_F794KP.json',
  '8ys7-d773_F794KP.json',
  'm9d7-ebf2_R759BK_full.json',
] as const;

const read = (file: string): SocrataRow[] =>
  JSON.parse(readFileSync(new URL(`./recorded/${file}`, import.meta.url), 'utf8')) as SocrataRow[];

/**
 * Plates that make RDW misbehave in the sandbox, as the live path meets it. Q is never issued
 * on Dutch plates, so no real vehicle has one of these. Every dataset answers the same way.
 */
export const RDW_TRIGGER_PLATES = {
  /** Every dataset times out: 504 `upstream_timeout`. */
  timeout: 'QQ5004',
  /** RDW cannot be reached: 503 `upstream_unavailable`. */
  down: 'QQ5003',
  /** RDW answers 429 Too Many Requests: 503 `upstream_unavailable` with Retry-After. */
  rateLimited: 'QQ4290',
} as const;

const TRIGGERS: Readonly<Record<string, RecordedAnswer>> = {
  [RDW_TRIGGER_PLATES.timeout]: { fail: 'timeout' },
  [RDW_TRIGGER_PLATES.down]: { fail: 'unavailable' },
  [RDW_TRIGGER_PLATES.rateLimited]: {
    status: 429,
    headers: { 'retry-after': '60' },
    body: { error: true, message: 'Too many requests' },
  },
};

/** Rows per `<dataset id>:<plate>`, as Socrata holds them. */
export type RdwRowIndex = Map<string, readonly SocrataRow[]>;

/** The recorded rows, indexed by dataset and plate. */
export function recordedRows(): RdwRowIndex {
  const rows: RdwRowIndex = new Map();
  for (const file of FILES) {
    const dataset = file.slice(0, file.indexOf('_'));
    for (const row of read(file)) {
      const key = `${dataset}:${String(row['kenteken'])}`;
      rows.set(key, [...(rows.get(key) ?? []), row]);
    }
  }
  return rows;
}

const DATASET_IDS = new Set<string>(Object.values(DATASETS));
const DATASET_PATH = /^\/resource\/([a-z0-9]{4}-[a-z0-9]{4})\.json$/;

/**
 * RDW open data as recorded (Socrata SODA): `GET /resource/{dataset}.json?kenteken=X` answers
 * the plate's rows, `[]` for a plate the recording does not hold (unregistered: 404 for the
 * caller), and the trigger plates' failures. `rows` lets a test fake change the data.
 */
export function rdwRecording(rows: RdwRowIndex = recordedRows()): Recording {
  return {
    upstream: 'rdw',
    answer: (request) => {
      const dataset = DATASET_PATH.exec(request.path)?.[1];
      if (!dataset || !DATASET_IDS.has(dataset))
        return {
          status: 404,
          body: { code: 'not_found', error: true, message: 'no such dataset' },
        };
      const plate = request.query?.['kenteken'];
      if (plate === undefined)
        return {
          status: 400,
          body: { code: 'query.soql.invalid', error: true, message: 'no filter' },
        };
      return TRIGGERS[String(plate)] ?? { body: rows.get(`${dataset}:${String(plate)}`) ?? [] };
    },
  };
}
