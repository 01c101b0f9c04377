import { jest } from '@jest/globals';
import { NEARBY_SANDBOX_POINTS as POINTS } from '@nl/contracts-property';
import { PROPERTY_RECORDINGS } from '@nl/domain-property';
import { EUROPALAAN_ID, PropertyFakes } from '@nl/testing';
import { ADDRESS, ADDRESS_BAG_ONLY, expectShape } from './support/shapes.js';
import {
  PROFILES,
  expectRefusedUncharged,
  jsonOf,
  startStack,
  type Stack,
} from './support/stack.js';

const NEARBY = '/v1/kadaster/bag/nearby';
const at = (p: { lat: number; lon: number }, extra = '') =>
  `${NEARBY}?lat=${p.lat}&lon=${p.lon}${extra}`;
const DAY = 86_400_000;

/** What the recording knows beside Europalaan 93: it, and its illustrative neighbours. */
const BESIDE_EUROPALAAN = [
  [93, 6.1],
  [95, 19.3],
  [91, 25.7],
];

describe.each(PROFILES)('bag/nearby through the gateway (%s)', (profile) => {
  let fakes: PropertyFakes;
  let api: Stack;
  beforeAll(async () => {
    fakes = await PropertyFakes.start(PROPERTY_RECORDINGS);
    api = await startStack(profile, { serviceEnv: fakes.env() });
  });
  afterAll(async () => {
    await api?.close();
    await fakes?.close();
  });
  afterEach(() => {
    jest.restoreAllMocks();
    fakes.reset();
  });

  const numbersAndDistances = (body: {
    results: { address: { house_number: number }; distance_m: number }[];
  }) => body.results.map((r) => [r.address.house_number, r.distance_m]);

  it('should answer the nearest addresses first, each with distance_m and the record of bag/id', async () => {
    fakes.pdok.clearCalls();
    const res = await api.get(at(POINTS.europalaan));
    expect(res.status).toBe(200);
    expect(res.headers.get('x-source')).toBe('pdok');
    expect(res.headers.get('x-cache')).toBe('MISS');
    expect(res.headers.get('x-credits-charged')).toBe('0.10');
    const body = await jsonOf(res);
    expect(Object.keys(body)).toEqual(['radius_m', 'results']);
    expect(body.radius_m).toBe(250);
    expect(numbersAndDistances(body)).toEqual(BESIDE_EUROPALAAN);
    for (const result of body.results) {
      expect(Object.keys(result).sort()).toEqual(['address', 'distance_m']);
      expectShape(result.address, ADDRESS, [...ADDRESS_BAG_ONLY, 'is_secondary_address']);
      for (const member of ADDRESS_BAG_ONLY)
        expect({ member, value: result.address[member] }).toEqual({ member, value: null });
    }
    // The same record as bag/id's: the same members, PDOK's values where bag/id has them from PDOK.
    const byId = await jsonOf(await api.get(`/v1/kadaster/bag/id?id=${EUROPALAAN_ID}`));
    expect(Object.keys(body.results[0].address).sort()).toEqual(Object.keys(byId.address).sort());
    const { bag_nummeraanduiding_id, bag_verblijfsobject_id, postcode, municipality, lat, lon } =
      byId.address;
    expect(body.results[0].address).toMatchObject({
      bag_nummeraanduiding_id,
      bag_verblijfsobject_id,
      postcode,
      municipality,
      lat,
      lon,
      street: 'Europalaan',
      house_number: 93,
      address_line_postal: '3526 KP UTRECHT',
    });
    // PDOK was asked once, for addresses only, within the radius, for the most a caller may want.
    const asked = fakes.pdok
      .callsTo('/reverse')
      .map((c) => Object.fromEntries(new URLSearchParams(c.query)));
    expect(asked).toEqual([
      { lat: '52.0642', lon: '5.107', type: 'adres', distance: '250', rows: '10', fl: '*,afstand' },
    ]);
  });

  it('should cut to the limit from one cache entry per exact point, free when cached', async () => {
    await api.get(at(POINTS.europalaan));
    fakes.pdok.clearCalls();
    const one = await api.get(at(POINTS.europalaan, '&limit=1'));
    expect(one.headers.get('x-cache')).toBe('HIT');
    expect(one.headers.get('x-credits-charged')).toBe('0.00');
    expect(numbersAndDistances(await jsonOf(one))).toEqual(BESIDE_EUROPALAAN.slice(0, 1));
    // The same number written otherwise is the same point; another point is asked anew.
    const same = await api.get(`${NEARBY}?lat=52.06420&lon=5.1070&limit=2`);
    expect(same.headers.get('x-cache')).toBe('HIT');
    expect(numbersAndDistances(await jsonOf(same))).toEqual(BESIDE_EUROPALAAN.slice(0, 2));
    expect(fakes.pdok.callsTo('/reverse')).toHaveLength(0);
    const other = await api.get(`${NEARBY}?lat=52.06421&lon=5.107`);
    expect(other.headers.get('x-cache')).toBe('MISS');
    expect(fakes.pdok.callsTo('/reverse')).toHaveLength(1);
  });

  it('should answer the default five, and none beyond the radius', async () => {
    // Test rows (never the sandbox's): Europalaan 93 copied 110 m × n further north.
    for (const n of [1, 2, 3, 4]) fakes.copyEuropalaan(n);
    const near = { lat: 52.0652, lon: 5.10696041 };
    const body = await jsonOf(await api.get(at(near)));
    expect(body.results).toHaveLength(5);
    const distances = body.results.map((r: { distance_m: number }) => r.distance_m);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(Math.max(...distances)).toBeLessThanOrEqual(250);
    const empty = await api.get(`${NEARBY}?lat=52.37&lon=4.89`);
    expect(empty.status).toBe(200);
    expect(await jsonOf(empty)).toEqual({ radius_m: 250, results: [] });
  });

  it('should answer 503 uncharged when PDOK fails, and the last answer STALE past the TTL', async () => {
    const point = { lat: 52.0641, lon: 5.1069 };
    const first = await jsonOf(await api.get(at(point)));
    fakes.pdok.fail(500);
    jest.spyOn(Date, 'now').mockReturnValue(Date.now() + 2 * DAY);
    const stale = await api.get(at(point));
    expect(stale.status).toBe(200);
    expect(stale.headers.get('x-cache')).toBe('STALE');
    expect(await jsonOf(stale)).toEqual(first);
    const res = await api.get(`${NEARBY}?lat=52.0644&lon=5.1071`);
    expect(res.status).toBe(503);
    expect((await jsonOf(res)).code).toBe('upstream_unavailable');
    expect(res.headers.get('x-credits-charged')).toBe('0.00');
  });

  it('should answer 503 with Retry-After when PDOK rate-limits us', async () => {
    fakes.pdok.rateLimit(60);
    const res = await api.get(`${NEARBY}?lat=52.0645&lon=5.1072`);
    expect(res.status).toBe(503);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(res.headers.get('x-credits-charged')).toBe('0.00');
  });

  it.each([
    ['', 'lat'],
    ['lat=52.0642', 'lon'],
    ['lon=5.107', 'lat'],
    ['lat=abc&lon=5.107', 'lat'],
    ['lat=52.0642&lon=', 'lon'],
    ['lat=91&lon=5.107', 'lat'],
    // Antwerp, swapped coordinates, London: outside the Netherlands, as dso/plans refuses them.
    ['lat=51.2194&lon=4.4025', 'lat'],
    ['lat=5.107&lon=52.0642', 'lat'],
    ['lat=51.5072&lon=-0.1276', 'lon'],
    ['lat=52.0642&lon=5.107&limit=0', 'limit'],
    ['lat=52.0642&lon=5.107&limit=11', 'limit'],
    ['lat=52.0642&lon=5.107&limit=2.5', 'limit'],
  ])('?%s → 400 with a field error on %s, uncharged', async (query, field) => {
    await expectRefusedUncharged(api, `${NEARBY}?${query}`, field);
  });

  describe('with a test key', () => {
    let testKey: string;
    beforeAll(async () => {
      const { accountId } = await api.account({ tier: 'trial', credits: 0 });
      testKey = (await api.accounts.createKey(accountId, 'nearby sandbox', 'test')).key;
    });

    it('should answer from the recordings, free, without asking PDOK', async () => {
      fakes.pdok.clearCalls();
      const res = await api.get(at(POINTS.europalaan), { 'x-api-key': testKey });
      expect(res.status).toBe(200);
      expect(res.headers.get('x-sandbox')).toBe('true');
      expect(res.headers.get('x-credits-charged') ?? '0.00').toBe('0.00');
      expect(numbersAndDistances(await jsonOf(res))).toEqual(BESIDE_EUROPALAAN);
      expect(fakes.pdok.calls).toHaveLength(0);
    });

    it.each([
      [POINTS.timeout, 504, 'upstream_timeout'],
      [POINTS.down, 503, 'upstream_unavailable'],
    ])('should make PDOK fail at the trigger point %o', async (point, status, code) => {
      const res = await api.get(at(point), { 'x-api-key': testKey });
      expect(res.status).toBe(status);
      expect((await jsonOf(res)).code).toBe(code);
      expect(res.headers.get('x-credits-charged') ?? '0.00').toBe('0.00');
    });
  });
});
