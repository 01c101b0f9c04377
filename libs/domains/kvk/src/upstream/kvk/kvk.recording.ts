import type { RecordedAnswer, RecordedReply, Recording } from '@nl/platform-upstream';
import { readFileSync } from 'node:fs';

/** One recorded KVK answer (recorded/PROVENANCE.md), as KVK sent it: status and body. */
export const recordedKvkAnswer = (file: string): RecordedReply =>
  JSON.parse(readFileSync(new URL(`./recorded/${file}`, import.meta.url), 'utf8')) as RecordedReply;

/** The recorded answers (recorded/PROVENANCE.md), by request path. */
const RECORDED: Readonly<Record<string, string>> = {
  '/v1/basisprofielen/69599084': 'basisprofielen_v1_69599084_200.json',
  '/v1/basisprofielen/90000749': 'basisprofielen_v1_90000749_200.json',
  '/v1/basisprofielen/12345678': 'basisprofielen_v1_12345678_404.json',
  '/v1/vestigingsprofielen/000038509504': 'vestigingsprofielen_v1_000038509504_200.json',
  '/v1/vestigingsprofielen/000037178598': 'vestigingsprofielen_v1_000037178598_200.json',
  '/v1/vestigingsprofielen/12345678': 'vestigingsprofielen_v1_12345678_400.json',
};

/** KVK numbers that make the register misbehave in the sandbox; built in code, not recorded. */
export const KVK_TRIGGER_NUMBERS = {
  timeout: '99999504',
  unavailable: '99999503',
  rateLimited: '99999429',
} as const;

const TRIGGERS: Readonly<Record<string, RecordedAnswer>> = {
  [KVK_TRIGGER_NUMBERS.timeout]: { fail: 'timeout' },
  [KVK_TRIGGER_NUMBERS.unavailable]: {
    status: 500,
    body: {
      fout: [{ code: 'IPD1002', omschrijving: 'De gegevens zijn tijdelijk niet beschikbaar.' }],
    },
  },
  [KVK_TRIGGER_NUMBERS.rateLimited]: {
    status: 429,
    headers: { 'retry-after': '30' },
    body: { fout: [{ code: 'IPD9999', omschrijving: 'Too many requests' }] },
  },
};

const notFound = (code: string, what: string): RecordedReply => ({
  status: 404,
  body: {
    fout: [{ code, omschrijving: `Op basis van ${what} kan het product niet worden geleverd.` }],
  },
});

/**
 * The KVK test environment as recorded: `GET /v1/basisprofielen/{kvkNummer}` and
 * `GET /v1/vestigingsprofielen/{vestigingsnummer}` answer the recorded bodies, 404 `IPD0005` /
 * `IPD0007` for numbers the recording lacks, and the trigger numbers' failures.
 */
export function kvkRecording(): Recording {
  const answers = new Map(
    Object.entries(RECORDED).map(([path, file]) => [path, recordedKvkAnswer(file)]),
  );
  return {
    upstream: 'kvk',
    answer: (request) => {
      const recorded = answers.get(request.path);
      if (recorded) return recorded;
      const profile = /^\/v1\/basisprofielen\/(\d+)(\/.*)?$/.exec(request.path);
      if (profile)
        return TRIGGERS[profile[1]] ?? notFound('IPD0005', `het KVK-nummer ${profile[1]}`);
      const branch = /^\/v1\/vestigingsprofielen\/(\d+)$/.exec(request.path);
      if (branch) return notFound('IPD0007', `het vestigingsnummer ${branch[1]}`);
      return { status: 404, body: { fout: [{ code: 'IPD1999', omschrijving: 'Onbekend pad' }] } };
    },
  };
}
