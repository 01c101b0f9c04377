import { kvkRecording } from '@nl/domain-kvk';
import { ViesRecording } from '@nl/domain-validation';
import { FakeUpstream, ViesFake } from '@nl/testing';
import { KVK_FAILURES, kvkFailureBody } from './support/kvk-failures.js';
import { walk, type Kind } from './support/members.js';
import { PROFILES, jsonOf, startStack, type Stack } from './support/stack.js';

/** The spec's company base profile: every member and its type. */
const PROFILE: Record<string, Kind[]> = {
  kvkNummer: ['string'],
  naam: ['string'],
  indNonMailing: ['string'],
  formeleRegistratiedatum: ['string'],
  handelsnamen: ['array'],
  sbiActiviteiten: ['array'],
  actief: ['boolean'],
  hoofdvestiging: ['object'],
  vat: ['object'],
  lastFetchedAt: ['timestamp'],
  links: ['array'],
};
const MAIN_BRANCH: Record<string, Kind[]> = {
  vestigingsnummer: ['string'],
  eersteHandelsnaam: ['string'],
  indHoofdvestiging: ['string'],
  indCommercieleVestiging: ['string'],
  adressen: ['array'],
};
const VAT: Record<string, Kind[]> = {
  number: ['string', 'null'],
  rsin: ['string', 'null'],
  checksumValid: ['boolean', 'null'],
  valid: ['null'],
  status: ['string'],
  validatedAt: ['null'],
};
const BRANCH: Record<string, Kind[]> = {
  vestigingsnummer: ['string'],
  kvkNummer: ['string'],
  eersteHandelsnaam: ['string'],
  indHoofdvestiging: ['string'],
  indCommercieleVestiging: ['string'],
  handelsnamen: ['array'],
  adressen: ['array'],
  websites: ['array'],
  sbiActiviteiten: ['array'],
  lastFetchedAt: ['timestamp'],
  links: ['array'],
};

const YES_NO = /^(Ja|Nee)$/;

describe.each(PROFILES)('company register through the gateway (%s)', (profile) => {
  let api: Stack;
  let kvk: FakeUpstream;
  let vies: ViesFake;

  beforeAll(async () => {
    kvk = await FakeUpstream.serving(kvkRecording());
    vies = await ViesFake.start(new ViesRecording());
    // The owners' association's derived VAT number is registered: a valid VIES answer.
    vies.register({
      countryCode: 'NL',
      vatNumber: '992340597B01',
      name: 'GLOBAL CONRON',
      address: '---',
    });
    api = await startStack(profile, {
      serviceEnv: { KVK_URL: kvk.url, KVK_API_KEY: 'kvk-test-key', VIES_URL: vies.url },
    });
  });
  afterAll(async () => {
    await api?.close();
    await kvk?.close();
    await vies?.close();
  });

  it('should answer the base profile with every member of the spec, links our own', async () => {
    const res = await api.get('/v1/kvk/69599084');
    const body = await jsonOf(res);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-cache')).toBe('MISS');
    walk(body, PROFILE);
    walk(body.hoofdvestiging, MAIN_BRANCH);
    walk(body.vat, VAT);
    expect(body.indNonMailing).toMatch(YES_NO);
    expect(body.formeleRegistratiedatum).toMatch(/^\d{8}$/);
    for (const name of body.handelsnamen) {
      expect(typeof name.naam).toBe('string');
      expect(Number.isInteger(name.volgorde)).toBe(true);
    }
    for (const activity of body.sbiActiviteiten) {
      expect(typeof activity.sbiCode).toBe('string');
      expect(typeof activity.sbiOmschrijving).toBe('string');
      expect(activity.indHoofdactiviteit).toMatch(YES_NO);
    }
    expect(body.hoofdvestiging.indHoofdvestiging).toMatch(YES_NO);
    for (const link of body.links) expect(link.href).toMatch(/^\/v1\/kvk\/69599084/);
    expect(JSON.stringify(body)).not.toMatch(/api\.kvk\.nl|kvk-test-key/);
    // A sole proprietorship has no RSIN: nothing to derive a VAT number from.
    expect(body.vat).toEqual({
      number: null,
      rsin: null,
      checksumValid: null,
      valid: null,
      status: 'unknown',
      validatedAt: null,
    });
    const call = kvk.callsTo('/v1/basisprofielen/69599084')[0];
    expect(call.headers['apikey']).toBe('kvk-test-key');
    expect((await api.get('/v1/kvk/69599084')).headers.get('x-cache')).toBe('HIT');
  });

  it('should answer the branch profile with and without vestigingsnummer', async () => {
    const given = await api.get('/v1/kvk/69599084/branch?vestigingsnummer=000038509504');
    const main = await api.get('/v1/kvk/69599084/branch');
    expect([given.status, main.status]).toEqual([200, 200]);
    const body = await jsonOf(given);
    walk(body, BRANCH);
    expect(body.vestigingsnummer).toBe('000038509504');
    expect(await jsonOf(main)).toEqual({ ...body, lastFetchedAt: expect.any(String) });
  });

  it('should answer 404 for a branch of another company and for a company without main branch', async () => {
    const other = await api.get('/v1/kvk/90000749/branch?vestigingsnummer=000038509504');
    expect(other.status).toBe(404);
    expect(await jsonOf(other)).toMatchObject({ found: false, result: null });
    const none = await api.get('/v1/kvk/90000749/branch');
    expect(none.status).toBe(404);
    expect((await jsonOf(none)).message).toContain('no main branch');
  });

  it('should derive the VAT number from the RSIN and compare a given one', async () => {
    const own = await jsonOf(await api.get('/v1/kvk/90000749'));
    expect(own.vat).toMatchObject({
      number: 'NL992340597B01',
      rsin: '992340597',
      status: 'unvalidated',
    });
    const same = await jsonOf(await api.get('/v1/kvk/90000749?vat=nl 992340597 b01'));
    expect(same.vat.status).toBe('match');
    const other = await jsonOf(await api.get('/v1/kvk/90000749?vat=NL004495445B01'));
    expect(other.vat).toMatchObject({
      number: 'NL004495445B01',
      status: 'mismatch',
      checksumValid: true,
    });
  });

  it('should keep a VIES-valid number of another company mismatch, with vies=true too', async () => {
    // VIES calls NL004495445B01 valid: it is ABN AMRO's (the recorded VIES answer), not 90000749's.
    const check = await api.fetch('/v1/validate/vat', {
      method: 'POST',
      headers: { ...api.auth, 'content-type': 'application/json' },
      body: JSON.stringify({ vat_number: 'NL004495445B01' }),
    });
    expect((await jsonOf(check)).valid).toBe(true);
    const before = vies.checks.length;
    for (const vies of ['', '&vies=true']) {
      const res = await api.get(`/v1/kvk/90000749?vat=NL004495445B01${vies}`);
      expect(res.status).toBe(200);
      expect((await jsonOf(res)).vat).toEqual({
        number: 'NL004495445B01',
        rsin: '992340597',
        checksumValid: true,
        valid: null,
        status: 'mismatch',
        validatedAt: null,
      });
    }
    expect(vies.checks.length).toBe(before);
  });

  // Before any VIES answer for the company's own number is cached or stored: this one has none to
  // fall back on. The distributed profile's database outlives a run: an earlier run's is removed.
  it('should still answer the profile, vat unavailable, when the member state is down', async () => {
    // The table exists only where the validation service's migrations ran on this database.
    const [{ stored }] = await api.db.query<{ stored: boolean }[]>(
      `SELECT to_regclass('validation.vat_answer') IS NOT NULL AS stored`,
    );
    if (stored)
      await api.db.query(`DELETE FROM validation.vat_answer WHERE vat_number = 'NL992340597B01'`);
    vies.memberStateDown('NL');
    try {
      const res = await api.get('/v1/kvk/90000749?vies=true');
      expect(res.status).toBe(200);
      expect((await jsonOf(res)).vat).toMatchObject({
        number: 'NL992340597B01',
        status: 'unavailable',
        valid: null,
        validatedAt: null,
      });
    } finally {
      vies.memberStateUp('NL');
    }
  });

  it.each([
    ['derived', ''],
    ['given and matching', '&vat=NL992340597B01'],
  ])(
    'should validate the company’s own number (%s) with vies=true through the VAT service',
    async (_title, vat) => {
      const res = await api.get(`/v1/kvk/90000749?vies=true${vat}`);
      expect(res.status).toBe(200);
      const body = await jsonOf(res);
      expect(body.vat).toMatchObject({ number: 'NL992340597B01', status: 'valid', valid: true });
      expect(Date.parse(body.vat.validatedAt)).not.toBeNaN();
    },
  );

  it.each([
    ['7 digits', '/v1/kvk/1234567'],
    ['9 digits', '/v1/kvk/123456789'],
    ['letters', '/v1/kvk/1234567A'],
    ['a branch number of 11 digits', '/v1/kvk/69599084/branch?vestigingsnummer=00003850950'],
    ['a VAT number without country', '/v1/kvk/69599084?vat=123456789B01'],
    ['vies other than true/false', '/v1/kvk/69599084?vies=yes'],
  ])('should refuse %s with 400, uncharged', async (_title, path) => {
    const res = await api.get(path);
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(res.headers.get('x-credits-charged')).toBeNull();
  });

  it('should answer an unknown company 404 with its body, uncharged', async () => {
    const res = await api.get('/v1/kvk/12345678');
    expect(res.status).toBe(404);
    expect(await jsonOf(res)).toMatchObject({
      found: false,
      result: null,
      message: expect.any(String),
    });
    expect(res.headers.get('x-credits-charged')).toBe('0.00');
  });

  // Each error answer KVK documents for its APIs, for a number nobody asked for yet.
  it.each([['404 IPD0005', 404, 'IPD0005', 404, undefined] as const, ...KVK_FAILURES])(
    'should map KVK %s (no 500)',
    async (title, status, code, expected, problem) => {
      const number = `7${String(status).padStart(3, '0')}${String(code ?? '0000').slice(-4)}`;
      kvk.fail(status, kvkFailureBody(title, code), Infinity, `/v1/basisprofielen/${number}`);
      try {
        const res = await api.get(`/v1/kvk/${number}`);
        expect(res.status).toBe(expected);
        if (problem) expect((await jsonOf(res)).code).toBe(problem);
        expect(res.headers.get('x-credits-charged')).toBe('0.00');
      } finally {
        kvk.reset();
      }
    },
  );
});

describe('the company register without a KVK key', () => {
  it('should answer 503 upstream_not_configured, uncharged, never test data', async () => {
    const api = await startStack('standalone');
    try {
      const res = await api.get('/v1/kvk/69599084');
      expect(res.status).toBe(503);
      expect((await jsonOf(res)).code).toBe('upstream_not_configured');
      expect(res.headers.get('x-credits-charged')).toBe('0.00');
    } finally {
      await api.close();
    }
  });
});
