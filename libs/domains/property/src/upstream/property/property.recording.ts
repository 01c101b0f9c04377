import type { RecordedAnswer, Recording } from '@nl/platform-upstream';
import { readFileSync } from 'node:fs';
import type { RawPropertyRecord } from './property.types.js';

const read = (file: string): RawPropertyRecord =>
  JSON.parse(
    readFileSync(new URL(`./recorded/${file}`, import.meta.url), 'utf8'),
  ) as RawPropertyRecord;

/** Ids that make the upstream misbehave in the sandbox. TODO: one per failure the live path knows. */
const TRIGGERS: Readonly<Record<string, RecordedAnswer>> = {
  'timeout-504': { fail: 'timeout' },
};

/**
 * The property upstream as recorded (recorded/PROVENANCE.md): `GET /records/:id` answers the
 * recorded record, 404 for an id the recording lacks, and the triggers' failures. The sandbox
 * answers test keys from it; the tests' fake serves it over HTTP. TODO: the upstream's real paths.
 */
export function propertyRecording(): Recording {
  const records = new Map([read('record.json')].map((r) => [r.id, r]));
  return {
    upstream: 'property',
    answer: (request) => {
      const id = /^\/records\/([^/]+)$/.exec(request.path)?.[1];
      if (id === undefined) return { status: 404, body: { error: 'no such path' } };
      const key = decodeURIComponent(id);
      const record = records.get(key);
      return (
        TRIGGERS[key] ?? (record ? { body: record } : { status: 404, body: { error: 'not found' } })
      );
    },
  };
}
