import { PROPERTY_SANDBOX_IDS as IDS } from '@nl/contracts-property';
import type { RecordedAnswer, Recording } from '@nl/platform-upstream';
import { readFileSync } from 'node:fs';
import type { EpLabel } from './ep-online.types.js';

const read = <T>(file: string): T =>
  JSON.parse(readFileSync(new URL(`./recorded/${file}`, import.meta.url), 'utf8')) as T;

/** EP-Online's 401 without a valid key, as recorded (for the client's tests). */
export const recordedEpOnline401 = () => read<unknown>('error_401_no_api_key.json');

/** EP-Online's labels as recorded (recorded/PROVENANCE.md), by BAG object id. */
export type EpOnlineRecorded = Map<string, readonly EpLabel[]>;

export function recordedEpOnline(): EpOnlineRecorded {
  return new Map([
    [
      IDS.witteDeWithVbo,
      read<EpLabel[]>('PandEnergielabel_AdresseerbaarObject_0599010000295420.json'),
    ],
    [IDS.europalaanVbo, read<EpLabel[]>('illustrative_0344010000006589.json')],
  ]);
}

const TRIGGERS: Readonly<Record<string, RecordedAnswer>> = {
  [IDS.bolstraatVbo]: { fail: 'timeout' },
};

const PATH = /^\/PandEnergielabel\/AdresseerbaarObject\/(\d{16})$/;
const NOT_FOUND: RecordedAnswer = {
  status: 404,
  body: { status: 404, title: 'Not Found' },
};

/**
 * EP-Online v5 as recorded: `/PandEnergielabel/AdresseerbaarObject/{id}` answers the recorded
 * labels of the object, 404 (no label registered) for any other, and Bolstraat 1's object
 * times out. `data` lets a test fake add objects.
 */
export function epOnlineRecording(data: EpOnlineRecorded = recordedEpOnline()): Recording {
  return {
    upstream: 'ep-online',
    answer: (request) => {
      const id = PATH.exec(request.path)?.[1];
      if (id === undefined) return NOT_FOUND;
      const labels = data.get(id);
      return TRIGGERS[id] ?? (labels ? { body: labels } : NOT_FOUND);
    },
  };
}
