import { ViesRecording } from '@nl/domain-validation';
import { ViesFake } from '@nl/testing';
import { PROFILES, jsonOf, startStack, type Stack } from './support/stack.js';
import { unusedVatNumber } from './support/vat-numbers.js';

/** A number the VIES recording holds as valid, so VIES accepts it as a requester. */
const REQUESTER = 'BE0244142664';

// A VAT check naming the caller's own VAT number is a VIES consultation: VIES numbers it, and
// the number is the proof a business keeps. It always goes to VIES, at the fresh price.
describe.each(PROFILES)('VIES consultations (%s)', (profile) => {
  let api: Stack;
  let vies: ViesFake;
  beforeAll(async () => {
    vies = await ViesFake.start(new ViesRecording());
    api = await startStack(profile, { serviceEnv: { VIES_URL: vies.url } });
  }, 120_000);
  afterAll(async () => {
    await api?.close();
    await vies?.close();
  });

  async function check(key: string, body: Record<string, unknown>) {
    const res = await api.fetch('/v1/validate/vat', {
      method: 'POST',
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return {
      status: res.status,
      cache: res.headers.get('x-cache'),
      charged: res.headers.get('x-credits-charged'),
      body: await jsonOf(res),
    };
  }
  const viesBodies = () => vies.checks.map((call) => JSON.parse(call.body));

  it('should answer the consultation number, asking VIES every time at the fresh price', async () => {
    const { key, accountId } = await api.account({ tier: 'paid', credits: 100 });
    const number = unusedVatNumber();
    vies.register({
      countryCode: 'NL',
      vatNumber: number.slice(2),
      name: 'KLANT BV',
      address: 'X',
    });
    // A plain check first: it is cached, and the consultation must not be answered from it.
    expect((await check(key, { vat_number: number })).charged).toBe('1.00');
    expect((await check(key, { vat_number: number })).cache).toBe('HIT');

    const before = vies.checks.length;
    const seen = new Set<string>();
    for (const requester of [REQUESTER, 'be 0244.142.664']) {
      const got = await check(key, { vat_number: number, requester_vat_number: requester });
      expect([got.status, got.cache, got.charged]).toEqual([200, 'MISS', '1.00']);
      expect(got.body).toMatchObject({
        valid: true,
        vat_number: number,
        company: { name: 'KLANT BV' },
        consultation: { requester_vat_number: REQUESTER, request_date: got.body.request_date },
      });
      expect(got.body.consultation.request_identifier).toMatch(/^WAPI[A-Za-z0-9]+$/);
      seen.add(got.body.consultation.request_identifier);
    }
    expect(seen.size).toBe(2);
    expect(vies.checks.length - before).toBe(2);
    expect(viesBodies().at(-1)).toEqual({
      countryCode: 'NL',
      vatNumber: number.slice(2),
      requesterMemberStateCode: 'BE',
      requesterNumber: '0244142664',
    });
    // The plain check still answers from the cache, without a consultation.
    const plain = await check(key, { vat_number: number });
    expect(plain.cache).toBe('HIT');
    expect(plain.body.consultation).toBeUndefined();
    const account = await jsonOf(await api.get('/v1/account', { 'x-api-key': key }));
    expect(account.balance).toBeCloseTo(100 - 1 - 0.5 - 2 - 0.5, 2);
    expect(await api.accounts.balance(accountId)).toBe(10_000 - 400);
  });

  it('should number a check of an unregistered number too', async () => {
    const { key } = await api.account({ tier: 'paid', credits: 10 });
    const got = await check(key, {
      vat_number: unusedVatNumber(),
      requester_vat_number: REQUESTER,
    });
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({ valid: false, company: null });
    expect(got.body.consultation.request_identifier).toMatch(/^WAPI/);
  });

  it.each([
    ['a requester VIES does not hold', 'NL000000012B01', 'INVALID_REQUESTER_INFO'],
    ['a requester with a wrong check digit', 'NL004495446B01', undefined],
    ['a requester that is no VAT number', 'NLXYZ', undefined],
    ['a requester that is not text', 12345, undefined],
  ])(
    'should refuse %s with 400 on requester_vat_number, uncharged',
    async (_, requester, reason) => {
      const { key, accountId } = await api.account({ tier: 'paid', credits: 10 });
      const before = vies.checks.length;
      const got = await check(key, { vat_number: REQUESTER, requester_vat_number: requester });
      expect(got.status).toBe(400);
      expect(got.charged ?? '0.00').toBe('0.00');
      expect(got.body).toMatchObject({ code: 'validation_failed', ...(reason && { reason }) });
      expect(got.body.errors.map((e: { field: string }) => e.field)).toEqual([
        'requester_vat_number',
      ]);
      // Only VIES can tell an unknown requester: the malformed ones never reach it.
      expect(vies.checks.length - before).toBe(reason ? 1 : 0);
      expect(await api.accounts.balance(accountId)).toBe(1_000);
    },
  );

  it('should not stand a stored answer in for a consultation when the member state is down', async () => {
    const { key } = await api.account({ tier: 'paid', credits: 10 });
    const number = unusedVatNumber();
    expect((await check(key, { vat_number: number })).status).toBe(200);
    vies.memberStateDown('NL');
    try {
      const stale = await check(key, { vat_number: number, requester_vat_number: REQUESTER });
      expect(stale.status).toBe(503);
      expect(stale.body).toMatchObject({ valid: null, error: 'ms_unavailable' });
      expect(stale.charged ?? '0.00').toBe('0.00');
    } finally {
      vies.memberStateUp('NL');
    }
  });

  it('should answer a test key from the recordings, free', async () => {
    const { accountId } = await api.account({ tier: 'paid', credits: 0 });
    const { key } = await api.accounts.createKey(accountId, 'consultation sandbox', 'test');
    const got = await check(key, { vat_number: 'NL004495445B01', requester_vat_number: REQUESTER });
    expect(got.status).toBe(200);
    expect(got.charged ?? '0.00').toBe('0.00');
    expect(got.body.consultation).toMatchObject({ requester_vat_number: REQUESTER });
    expect(got.body.consultation.request_identifier).toMatch(/^WAPI/);
  });
});
