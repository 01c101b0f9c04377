import { PROPERTY_SANDBOX_IDS as IDS } from '@nl/contracts-property';
import type { RecordedAnswer, Recording } from '@nl/platform-upstream';
import { readFileSync } from 'node:fs';
import type { WozAnswer } from './woz.types.js';

/** The WOZ answers as recorded (recorded/PROVENANCE.md), by nummeraanduiding id. */
export type WozRecorded = Map<string, WozAnswer>;

export function recordedWoz(): WozRecorded {
  const hekoord = JSON.parse(
    readFileSync(new URL('./recorded/wozwaarde_0758200000010265.json', import.meta.url), 'utf8'),
  ) as WozAnswer;
  // ILLUSTRATIVE (PROVENANCE.md): Europalaan 93 with made-up values and a history.
  const europalaan = JSON.parse(
    readFileSync(
      new URL('./recorded/illustrative_wozwaarde_0344200000128086.json', import.meta.url),
      'utf8',
    ),
  ) as WozAnswer;
  return new Map([
    [IDS.hekoord, hekoord],
    [IDS.europalaan, europalaan],
  ]);
}

const TRIGGERS: Readonly<Record<string, RecordedAnswer>> = {
  // The rate-limit headers the loket API was observed to send, with no calls left this minute.
  [IDS.wozRateLimited]: {
    status: 429,
    headers: {
      'retry-after': '60',
      'x-rate-limit-limit': '60',
      'x-rate-limit-remaining': '0',
      'x-rate-limit-reset': '60',
    },
    body: { status: 429, title: 'Too Many Requests' },
  },
  [IDS.wozTimeout]: { fail: 'timeout' },
};

const PATH = /^\/wozwaarde\/nummeraanduiding\/(\d{16})$/;

/**
 * The WOZ-waardeloket API as recorded: `/wozwaarde/nummeraanduiding/{id}` answers the recorded
 * object, 404 (no WOZ object) for any other id, and the triggers' 429 and timeout. `data` lets
 * a test fake add objects.
 */
export function wozRecording(data: WozRecorded = recordedWoz()): Recording {
  return {
    upstream: 'woz',
    answer: (request) => {
      const id = PATH.exec(request.path)?.[1];
      if (id === undefined) return { status: 404, body: { status: 404, title: 'Not Found' } };
      const answer = data.get(id);
      return (
        TRIGGERS[id] ??
        (answer ? { body: answer } : { status: 404, body: { status: 404, title: 'Not Found' } })
      );
    },
  };
}
