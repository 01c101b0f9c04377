import type {
  RecordedAnswer,
  RecordedReply,
  Recording,
  UpstreamRequest,
} from '@nl/platform-upstream';
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

/** The recorded searches (recorded/PROVENANCE.md), by their one criterion: KVK's name and value. */
const RECORDED_SEARCHES: Readonly<Record<string, string>> = {
  'kvkNummer=69599084': 'zoeken_v2_kvkNummer-69599084_200.json',
  'rsin=992760562': 'zoeken_v2_rsin-992760562_200.json',
  'vestigingsnummer=990000541921': 'zoeken_v2_vestigingsnummer-990000541921_200.json',
};
/** KVK's answer to a search without hits, as recorded. */
const NO_HITS = 'zoeken_v2_kvkNummer-12345678_404.json';
/** What a recorded search was asked with besides its criterion: its first page, of 10 or more. */
const PAGING = new Set(['pagina', 'resultatenPerPagina']);

/**
 * A search as recorded: a recorded search's first page (any page size from 10 holds its hits),
 * a trigger number's failure, else KVK's 404 IPD5200 (no hits), as recorded.
 */
function search(
  query: UpstreamRequest['query'] = {},
  recorded: ReadonlyMap<string, RecordedReply>,
): RecordedAnswer {
  const trigger = TRIGGERS[String(query['kvkNummer'])];
  if (trigger) return trigger;
  const criteria = Object.entries(query).filter(([name]) => !PAGING.has(name));
  const firstPage = Number(query['pagina'] ?? 1) === 1;
  const perPage = Number(query['resultatenPerPagina'] ?? 10) >= 10;
  const [name, value] = criteria[0] ?? [];
  const found = criteria.length === 1 && firstPage && perPage;
  return (
    (found && recorded.get(`${name}=${String(value)}`)) || (recorded.get(NO_HITS) as RecordedReply)
  );
}

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
 * `IPD0007` for numbers the recording lacks, and the trigger numbers' failures; `GET /v2/zoeken`
 * the recorded searches, else the recorded 404 `IPD5200` (no hits).
 */
export function kvkRecording(): Recording {
  const answers = new Map(
    Object.entries(RECORDED).map(([path, file]) => [path, recordedKvkAnswer(file)]),
  );
  const searches = new Map(
    Object.entries({ ...RECORDED_SEARCHES, [NO_HITS]: NO_HITS }).map(([key, file]) => [
      key,
      recordedKvkAnswer(file),
    ]),
  );
  return {
    upstream: 'kvk',
    answer: (request) => {
      if (request.path === '/v2/zoeken') return search(request.query, searches);
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
