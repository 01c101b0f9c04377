import { kvkRecording, recordedKvkAnswer } from '@nl/domain-kvk';
import { FakeUpstream, type FakeRequest, type FakeResponse } from '@nl/testing';
import { KVK_FAILURES, kvkFailureBody } from './support/kvk-failures.js';
import {
  PROFILES,
  expectRefusedUncharged,
  jsonOf,
  startStack,
  type Stack,
} from './support/stack.js';

const RECORDING = kvkRecording();
const EMZ = recordedKvkAnswer('zoeken_v2_kvkNummer-69599084_200.json').body as {
  resultaten: unknown[];
};

/**
 * Searches the recording has no answer for, built here in KVK's shapes (not recorded): a search
 * with 25 hits (each page the recorded two hits of 69599084) and a legal entity (spec shape of
 * `ResultaatItem`: no branch number, no address).
 */
const BUILT: Readonly<Record<string, (q: URLSearchParams) => unknown>> = {
  Paged: (q) => ({
    pagina: Number(q.get('pagina')),
    resultatenPerPagina: Number(q.get('resultatenPerPagina')),
    totaal: 25,
    resultaten: EMZ.resultaten,
  }),
  Rechtspersoon: () => ({
    pagina: 1,
    resultatenPerPagina: 10,
    totaal: 1,
    resultaten: [{ kvkNummer: '69599084', naam: 'Test EMZ Dagobert', type: 'rechtspersoon' }],
  }),
};

/** KVK Zoeken: the built searches above, else the recording (as the sandbox answers). */
function zoeken(request: FakeRequest): FakeResponse {
  const built = BUILT[request.query.get('naam') ?? ''];
  if (built) return { body: built(request.query) };
  const answer = RECORDING.answer({ path: request.path, query: Object.fromEntries(request.query) });
  if ('fail' in answer) return { behaviour: 'hang' };
  return { status: answer.status, headers: answer.headers, body: answer.body };
}

describe.each(PROFILES)('company search through the gateway (%s)', (profile) => {
  let api: Stack;
  let kvk: FakeUpstream;

  beforeAll(async () => {
    kvk = await FakeUpstream.serving(RECORDING, [
      { method: 'GET', path: '/v2/zoeken', handle: zoeken },
    ]);
    api = await startStack(profile, {
      serviceEnv: { KVK_URL: kvk.url, KVK_API_KEY: 'kvk-test-key' },
    });
  });
  afterAll(async () => {
    await api?.close();
    await kvk?.close();
  });

  it('should find both branches of a company by KVK number, charged, then cached', async () => {
    const res = await api.get('/v1/kvk/search?kvk_number=69599084');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-cache')).toBe('MISS');
    expect(res.headers.get('x-credits-charged')).toBe('0.10');
    const body = await jsonOf(res);
    expect(body).toMatchObject({
      total: 2,
      meta: { total: 2, page: 1, per_page: 10, last_page: 1 },
      links: [{ rel: 'self', href: '/v1/kvk/search?kvk_number=69599084&page=1&per_page=10' }],
    });
    expect(body.results.map((h: { type: string }) => h.type)).toEqual([
      'nevenvestiging',
      'hoofdvestiging',
    ]);
    expect(body.results[1]).toMatchObject({
      kvkNummer: '69599084',
      vestigingsnummer: '000038509504',
      naam: 'Test EMZ Dagobert',
      adres: { binnenlandsAdres: { straatnaam: 'Abebe Bikilalaan', plaats: 'Amsterdam' } },
      actief: true,
      links: [
        { rel: 'basisprofiel', href: '/v1/kvk/69599084' },
        {
          rel: 'vestigingsprofiel',
          href: '/v1/kvk/69599084/branch?vestigingsnummer=000038509504',
        },
      ],
    });
    expect(JSON.stringify(body)).not.toMatch(/api\.kvk\.nl|kvk-test-key/);
    const [call] = kvk.callsTo('/v2/zoeken');
    expect(call.query).toBe('?kvkNummer=69599084&pagina=1&resultatenPerPagina=10');
    expect(call.headers['apikey']).toBe('kvk-test-key');
    const again = await api.get('/v1/kvk/search?kvk_number=69599084');
    expect(again.headers.get('x-cache')).toBe('HIT');
    expect(again.headers.get('x-credits-charged')).toBe('0.05');
  });

  it('should not give /v1/kvk/search to the company profile route', async () => {
    const res = await api.get('/v1/kvk/search?rsin=992760562');
    expect(res.status).toBe(200);
    expect((await jsonOf(res)).results[0]).toMatchObject({
      kvkNummer: '90001354',
      rsin: '992760562',
    });
    await expectRefusedUncharged(api, '/v1/kvk/search', 'name');
  });

  it('should page: prev and next on our path, KVK asked for the page', async () => {
    const res = await api.get('/v1/kvk/search?name=Paged&page=2');
    const body = await jsonOf(res);
    expect(body).toMatchObject({
      total: 25,
      meta: { page: 2, per_page: 10, last_page: 3 },
      links: [
        { rel: 'self', href: '/v1/kvk/search?name=Paged&page=2&per_page=10' },
        { rel: 'prev', href: '/v1/kvk/search?name=Paged&page=1&per_page=10' },
        { rel: 'next', href: '/v1/kvk/search?name=Paged&page=3&per_page=10' },
      ],
    });
    expect(kvk.calls.at(-1)?.query).toBe('?naam=Paged&pagina=2&resultatenPerPagina=10');
  });

  it('should send several types and inactive registrations to KVK in its words', async () => {
    const res = await api.get(
      '/v1/kvk/search?place=Lollum&type=rechtspersoon,hoofdvestiging&include_inactive=true',
    );
    expect(res.status).toBe(200);
    expect(kvk.calls.at(-1)?.query).toBe(
      '?plaats=Lollum&type=hoofdvestiging&type=rechtspersoon&inclusiefInactieveRegistraties=true&pagina=1&resultatenPerPagina=10',
    );
  });

  it('should answer a legal entity without branch or address as a hit', async () => {
    const body = await jsonOf(await api.get('/v1/kvk/search?name=Rechtspersoon'));
    expect(body.results).toEqual([
      {
        kvkNummer: '69599084',
        vestigingsnummer: null,
        rsin: null,
        naam: 'Test EMZ Dagobert',
        adres: null,
        type: 'rechtspersoon',
        actief: true,
        vervallenNaam: null,
        links: [{ rel: 'basisprofiel', href: '/v1/kvk/69599084' }],
      },
    ]);
  });

  it('should answer no hits (KVK 404 IPD5200) as 200 with total 0', async () => {
    const res = await api.get('/v1/kvk/search?branch_number=665544332211');
    expect(res.status).toBe(200);
    expect(await jsonOf(res)).toMatchObject({ total: 0, results: [], meta: { last_page: 1 } });
  });

  it.each([
    ['no criterion', '/v1/kvk/search?type=hoofdvestiging', 'name'],
    ['a KVK number of 7 digits', '/v1/kvk/search?kvk_number=1234567', 'kvk_number'],
    ['an RSIN of 8 digits', '/v1/kvk/search?rsin=12345678', 'rsin'],
    ['a branch number of 11 digits', '/v1/kvk/search?branch_number=00003850950', 'branch_number'],
    ['a postcode without house number', '/v1/kvk/search?postcode=1034WL', 'house_number'],
    ['a house number without postcode', '/v1/kvk/search?house_number=17&name=x', 'postcode'],
    ['a malformed postcode', '/v1/kvk/search?postcode=0123AB&house_number=1', 'postcode'],
    ['an unknown type', '/v1/kvk/search?name=x&type=filiaal', 'type'],
    ['per_page under 10', '/v1/kvk/search?name=x&per_page=5', 'per_page'],
    ['page 0', '/v1/kvk/search?name=x&page=0', 'page'],
    ['beyond the 1,000th hit', '/v1/kvk/search?name=x&page=11&per_page=100', 'page'],
    [
      'include_inactive other than true/false',
      '/v1/kvk/search?name=x&include_inactive=ja',
      'include_inactive',
    ],
  ])('should refuse %s with 400, uncharged', async (_title, path, field) => {
    const before = kvk.callsTo('/v2/zoeken').length;
    await expectRefusedUncharged(api, path, field);
    expect(kvk.callsTo('/v2/zoeken').length).toBe(before);
  });

  it.each(KVK_FAILURES)(
    'should map KVK %s (no 500), uncharged',
    async (title, status, code, expected, problem) => {
      kvk.fail(status, kvkFailureBody(title, code), Infinity, '/v2/zoeken');
      try {
        const res = await api.get(`/v1/kvk/search?name=${encodeURIComponent(title)}`);
        expect(res.status).toBe(expected);
        expect((await jsonOf(res)).code).toBe(problem);
        expect(res.headers.get('x-credits-charged') ?? '0.00').toBe('0.00');
      } finally {
        kvk.reset();
      }
    },
  );

  it('should answer a test key from the recording, free, without asking KVK', async () => {
    const { accountId } = await api.account({ tier: 'trial', credits: 0 });
    const { key } = await api.accounts.createKey(accountId, 'sandbox', 'test');
    const before = kvk.calls.length;
    const res = await api.get('/v1/kvk/search?branch_number=990000541921', { 'x-api-key': key });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-sandbox')).toBe('true');
    expect(res.headers.get('x-credits-charged')).toBe('0.00');
    expect((await jsonOf(res)).results[0]).toMatchObject({ vestigingsnummer: '990000541921' });
    expect(kvk.calls.length).toBe(before);
  });
});

describe('the company search without a KVK key', () => {
  it('should answer 503 upstream_not_configured, uncharged, never test data', async () => {
    const api = await startStack('standalone');
    try {
      const res = await api.get('/v1/kvk/search?kvk_number=69599084');
      expect(res.status).toBe(503);
      expect((await jsonOf(res)).code).toBe('upstream_not_configured');
      expect(res.headers.get('x-credits-charged')).toBe('0.00');
    } finally {
      await api.close();
    }
  });
});
