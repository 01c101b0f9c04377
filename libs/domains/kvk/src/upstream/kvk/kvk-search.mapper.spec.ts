import { readFileSync } from 'node:fs';
import { toSearchHit, toSearchPage } from './kvk-search.mapper.js';
import type { RawKvkSearch } from './kvk.types.js';

const recorded = (file: string): RawKvkSearch =>
  (
    JSON.parse(readFileSync(new URL(`./recorded/${file}`, import.meta.url), 'utf8')) as {
      body: RawKvkSearch;
    }
  ).body;

const AT = '2026-11-24T10:00:00.000Z';
const EMZ = recorded('zoeken_v2_kvkNummer-69599084_200.json');
const BY_RSIN = recorded('zoeken_v2_rsin-992760562_200.json');
const href = (page: number) => `/v1/kvk/search?kvk_number=69599084&page=${page}&per_page=10`;

describe('KVK search mapping on recorded test-environment answers', () => {
  it('should map both branches of 69599084, links our own profiles', () => {
    const page = toSearchPage(EMZ, 1, 10, href, AT);
    expect(page).toMatchObject({
      total: 2,
      meta: { total: 2, page: 1, per_page: 10, last_page: 1 },
      links: [{ rel: 'self', href: href(1) }],
      lastFetchedAt: AT,
    });
    expect(page.results).toEqual([
      {
        kvkNummer: '69599084',
        vestigingsnummer: '000038509520',
        rsin: null,
        naam: 'Test EMZ Nevenvestiging Govert',
        adres: {
          binnenlandsAdres: { type: 'bezoekadres', straatnaam: 'Geneinde', plaats: 'Maastricht' },
        },
        type: 'nevenvestiging',
        actief: true,
        vervallenNaam: null,
        links: [
          { rel: 'basisprofiel', href: '/v1/kvk/69599084' },
          {
            rel: 'vestigingsprofiel',
            href: '/v1/kvk/69599084/branch?vestigingsnummer=000038509520',
          },
        ],
      },
      expect.objectContaining({ vestigingsnummer: '000038509504', type: 'hoofdvestiging' }),
    ]);
    expect(JSON.stringify(page)).not.toContain('api.kvk.nl');
  });

  it('should keep the RSIN of a hit found by it, and a postal address without street', () => {
    const [hit] = toSearchPage(BY_RSIN, 1, 10, href, AT).results;
    expect(hit).toMatchObject({
      kvkNummer: '90001354',
      rsin: '992760562',
      naam: 'Grand Joyflex B.V.',
      adres: { binnenlandsAdres: { type: 'postadres', plaats: 'Sterksel' } },
    });
  });

  it('should answer no hits (KVK 404 IPD5200) as an empty page', () => {
    expect(toSearchPage(null, 1, 10, href, AT)).toEqual({
      total: 0,
      results: [],
      meta: { total: 0, page: 1, per_page: 10, last_page: 1 },
      links: [{ rel: 'self', href: href(1) }],
      lastFetchedAt: AT,
    });
  });

  // Not recorded: KVK's spec shape of a legal entity (no branch, no address) and of a foreign
  // address, with the recorded company's number.
  it('should map a legal entity without branch or address, and a foreign address', () => {
    expect(toSearchHit({ kvkNummer: '69599084', naam: 'Test', type: 'rechtspersoon' })).toEqual({
      kvkNummer: '69599084',
      vestigingsnummer: null,
      rsin: null,
      naam: 'Test',
      adres: null,
      type: 'rechtspersoon',
      actief: true,
      vervallenNaam: null,
      links: [{ rel: 'basisprofiel', href: '/v1/kvk/69599084' }],
    });
    const foreign = toSearchHit({
      kvkNummer: '69599084',
      type: 'rechtspersoon',
      actief: 'Nee',
      adres: { buitenlandsAdres: { type: 'bezoekadres', land: 'Frankrijk', x: 'y' } },
    });
    expect(foreign).toMatchObject({
      actief: false,
      adres: { buitenlandsAdres: { type: 'bezoekadres', land: 'Frankrijk' } },
    });
    expect(foreign.adres).not.toHaveProperty('binnenlandsAdres');
  });

  it('should page up to the 1,000th hit only, prev and next on our path', () => {
    const many = { ...EMZ, totaal: 5_000 };
    expect(toSearchPage(many, 2, 100, href, AT)).toMatchObject({
      total: 5_000,
      meta: { page: 2, per_page: 100, last_page: 10 },
      links: [
        { rel: 'self', href: href(2) },
        { rel: 'prev', href: href(1) },
        { rel: 'next', href: href(3) },
      ],
    });
    const last = toSearchPage(many, 10, 100, href, AT);
    expect(last.links.map((l) => l.rel)).toEqual(['self', 'prev']);
  });
});
