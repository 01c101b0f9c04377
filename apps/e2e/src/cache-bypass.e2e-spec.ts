import { ViesRecording } from '@nl/domain-validation';
import { ViesFake } from '@nl/testing';
import { PROFILES, jsonOf, startStack, type Stack } from './support/stack.js';
import { unusedVatNumber } from './support/vat-numbers.js';

// `Cache-Control: no-cache` (or `max-age=0`) on a cached endpoint: the answer comes from the
// source at the fresh price, says `X-Cache: BYPASS`, and replaces the cached copy.
describe.each(PROFILES)('skipping the cache on request (%s)', (profile) => {
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

  async function check(key: string, vatNumber: string, cacheControl?: string) {
    const res = await api.fetch('/v1/validate/vat', {
      method: 'POST',
      headers: {
        'x-api-key': key,
        'content-type': 'application/json',
        ...(cacheControl && { 'cache-control': cacheControl }),
      },
      body: JSON.stringify({ vat_number: vatNumber }),
    });
    return {
      status: res.status,
      cache: res.headers.get('x-cache'),
      charged: res.headers.get('x-credits-charged'),
      body: await jsonOf(res),
    };
  }

  it('should go to the source at the fresh price for no-cache and max-age=0, and keep what it got', async () => {
    const { key, accountId } = await api.account({ tier: 'paid', credits: 100 });
    const number = unusedVatNumber();
    const calls = () => vies.checks.length;
    const first = await check(key, number);
    expect([first.status, first.cache, first.charged]).toEqual([200, 'MISS', '1.00']);
    expect((await check(key, number)).cache).toBe('HIT');
    const before = calls();
    let last = first.body.request_date as string;
    for (const header of ['no-cache', 'max-age=0', 'no-transform, No-Cache']) {
      const bypassed = await check(key, number, header);
      expect([bypassed.status, bypassed.cache, bypassed.charged]).toEqual([200, 'BYPASS', '1.00']);
      // A new check of VIES: the same verdict, made later.
      expect({ ...bypassed.body, request_date: null }).toEqual({
        ...first.body,
        request_date: null,
      });
      expect(Date.parse(bypassed.body.request_date)).toBeGreaterThan(Date.parse(last));
      last = bypassed.body.request_date;
    }
    expect(calls() - before).toBe(3);
    // Other directives leave the cache in use; the cached copy is the last one fetched.
    for (const header of ['max-age=60', 'no-store', 'private']) {
      const cached = await check(key, number, header);
      expect([cached.cache, cached.charged, cached.body.request_date]).toEqual([
        'HIT',
        '0.50',
        last,
      ]);
    }
    expect(calls() - before).toBe(3);
    // 1.00 + 0.50 + 3 × 1.00 + 3 × 0.50
    expect(await api.accounts.balance(accountId)).toBe(10_000 - 600);
  });

  it('should not charge or count a bypass the input already fails', async () => {
    const { key, accountId } = await api.account({ tier: 'paid', credits: 100 });
    const bad = await check(key, 'NL12', 'no-cache');
    expect(bad.status).toBe(400);
    expect(bad.charged).toBeNull();
    expect(await api.accounts.balance(accountId)).toBe(10_000);
  });

  it('should answer a test key from the recordings, bypass or not, free', async () => {
    const { accountId } = await api.account({ tier: 'paid', credits: 0 });
    const { key } = await api.accounts.createKey(accountId, 'bypass sandbox', 'test');
    const answer = await check(key, 'NL004495445B01', 'no-cache');
    expect([answer.status, answer.cache]).toEqual([200, 'BYPASS']);
    expect(answer.body).toMatchObject({ valid: true });
  });
});
