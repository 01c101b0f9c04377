import { jest } from '@jest/globals';
import { PROPERTY_RECORDINGS } from '@nl/domain-property';
import { EUROPALAAN_ID, PropertyFakes } from '@nl/testing';
import {
  ADDRESS,
  ADDRESS_BAG_ONLY as BAG_ONLY,
  expectShape,
  type Shape,
} from './support/shapes.js';
import {
  PROFILES,
  expectRefusedUncharged,
  jsonOf,
  startStack,
  type Stack,
} from './support/stack.js';

/** The spec's property value response and its address. */
const VALUE: Shape = {
  grondoppervlakte: 'integer?',
  kadastrale_gemeente_code: 'string?',
  kadastrale_sectie: 'string?',
  kadastraal_perceel_nummer: 'string?',
};
const VALUE_ADDRESS: Shape = {
  bag_nummeraanduiding_id: 'id16',
  verblijfsobject_id: 'string?',
  openbareruimte_id: 'string?',
  street: 'string?',
  house_number: 'integer',
  postcode: 'postcode',
  city: 'string?',
  municipality: 'string?',
  lat: 'number?',
  lon: 'number?',
};
const SUGGESTION: Shape = {
  id: 'string',
  label: 'string',
  type: 'string',
  nummeraanduiding_id: 'string?',
  verblijfsobject_id: 'string?',
  postcode: 'postcode?',
  house_number: 'integer?',
};

const DAY = 86_400_000;
const BOLSTRAAT_ID = '0344200000159102';
const AMSTEL_ID = '0363200012145295';

describe.each(PROFILES)('property through the gateway (%s)', (profile) => {
  let fakes: PropertyFakes;
  let api: Stack;
  beforeAll(async () => {
    fakes = await PropertyFakes.start(PROPERTY_RECORDINGS);
  });
  afterAll(() => fakes?.close());
  afterEach(() => {
    jest.restoreAllMocks();
    fakes.reset();
  });

  describe('without a BAG key', () => {
    // A stack of its own, closed before the main one starts (one property service on a bus).
    let pdokOnly: Stack;
    beforeAll(async () => {
      pdokOnly = await startStack(profile, { serviceEnv: fakes.env({ bagKey: false }) });
    });
    afterAll(() => pdokOnly?.close());

    it('should answer bag/id with the PDOK record, the BAG-only members null, and say so', async () => {
      fakes.bag.clearCalls();
      const res = await pdokOnly.get(`/v1/kadaster/bag/id?id=${EUROPALAAN_ID}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('x-source')).toBe('pdok');
      const body = await jsonOf(res);
      expectShape(body.address, ADDRESS, [...BAG_ONLY, 'is_secondary_address']);
      for (const member of BAG_ONLY)
        expect({ member, value: body.address[member] }).toEqual({ member, value: null });
      expect(body.address).toMatchObject({
        street: 'Europalaan',
        house_number: 93,
        postcode: '3526KP',
        city: 'Utrecht',
        municipality: 'Utrecht',
        type: 'Verblijfsobject',
        address_line: 'Europalaan 93',
        address_line_postal: '3526 KP UTRECHT',
      });
      expect(fakes.bag.calls).toHaveLength(0);
    });

    it('should report BAG as not configured, and PDOK and WOZ with their circuits, in health', async () => {
      const res = await fetch(`${await pdokOnly.service('property').getUrl()}/health/ready`);
      expect(res.status).toBe(200);
      expect((await jsonOf(res)).checks).toMatchObject({
        'upstream:pdok': { status: 'up', circuit: 'closed' },
        'upstream:bag': { status: 'up', configured: false },
        'upstream:woz': { status: 'up', circuit: 'closed' },
      });
    });
  });

  describe('with a BAG key', () => {
    beforeAll(async () => {
      api = await startStack(profile, { serviceEnv: fakes.env() });
    });
    afterAll(() => api?.close());

    describe('address-suggest', () => {
      it('should answer suggestions with every listed member, cut to the limit', async () => {
        const res = await api.get('/v1/kadaster/bag/address-suggest?q=Westeringlaan%2018&limit=5');
        expect(res.status).toBe(200);
        expect(res.headers.get('x-source')).toBe('pdok');
        expect(res.headers.get('x-credits-charged')).toBe('1.00');
        const body = await jsonOf(res);
        expect(Object.keys(body)).toEqual(['suggestions']);
        expect(body.suggestions).toHaveLength(5);
        for (const suggestion of body.suggestions) expectShape(suggestion, SUGGESTION);
        expect(body.suggestions[0]).toMatchObject({
          label: 'Westeringlaan 18A-1, 5993CG Maasbree',
          type: 'adres',
          postcode: '5993CG',
          house_number: 18,
        });
      });

      it('should share one cache entry among limits and equivalent texts', async () => {
        fakes.pdok.clearCalls();
        const states: (string | null)[] = [];
        for (const q of ['westeringlaan  18', ' WESTERINGLAAN 18 ', 'Westeringlaan 18']) {
          const res = await api.get(`/v1/kadaster/bag/address-suggest?q=${encodeURIComponent(q)}`);
          expect((await jsonOf(res)).suggestions).toHaveLength(10);
          states.push(res.headers.get('x-cache'));
        }
        // The first of the test above filled the entry: every one is a hit, free of charge.
        expect(states).toEqual(['HIT', 'HIT', 'HIT']);
        expect(fakes.pdok.callsTo('/suggest')).toHaveLength(0);
      });

      it('should ask PDOK for a postcode alone once, in one normal form (1012AB, 1012 ab)', async () => {
        fakes.pdok.clearCalls();
        const states: (string | null)[] = [];
        for (const q of ['1012AB', '1012 ab', '1012ab']) {
          const res = await api.get(`/v1/kadaster/bag/address-suggest?q=${encodeURIComponent(q)}`);
          expect(res.status).toBe(200);
          expect(await jsonOf(res)).toEqual({ suggestions: [] });
          states.push(res.headers.get('x-cache'));
        }
        expect(states).toEqual(['MISS', 'HIT', 'HIT']);
        const asked = fakes.pdok
          .callsTo('/suggest')
          .map((c) => new URLSearchParams(c.query).get('q'));
        expect(asked).toEqual(['1012AB']);
      });
    });

    describe('bag/id', () => {
      it('should answer the complete record from PDOK and BAG when BAG has a key', async () => {
        const res = await api.get(`/v1/kadaster/bag/id?id=${EUROPALAAN_ID}`);
        expect(res.status).toBe(200);
        expect(res.headers.get('x-source')).toBe('pdok+bag');
        const body = await jsonOf(res);
        expect(Object.keys(body).sort()).toEqual(['address', 'found']);
        expect(body.found).toBe(true);
        expectShape(body.address, ADDRESS);
        expect(body.address).toMatchObject({
          bag_nummeraanduiding_id: EUROPALAAN_ID,
          bag_verblijfsobject_id: '0344010000006589',
          municipality: 'Utrecht',
          lat: 52.06415055,
          lon: 5.10696041,
          address_line_postal: '3526 KP UTRECHT',
          usage_purposes: ['kantoorfunctie'],
          build_year: 1990,
          document_number: 'ILLUSTRATIVE-1',
          secondary_address_ids: [],
          is_secondary_address: false,
        });
      });

      it('should answer an id no register knows 404 found:false, uncharged', async () => {
        const res = await api.get('/v1/kadaster/bag/id?id=0344200000999999');
        expect(res.status).toBe(404);
        expect(res.headers.get('x-credits-charged')).toBe('0.00');
        expect(await jsonOf(res)).toEqual({ found: false, address: null });
      });

      it("should give an id only BAG knows CBS's municipality and its RD point in WGS84", async () => {
        const res = await api.get('/v1/kadaster/bag/id?id=0611200000608342');
        expect(res.status).toBe(200);
        expect(res.headers.get('x-source')).toBe('bag');
        const body = await jsonOf(res);
        // The spec's record: municipality a string, coordinates numbers, postcode without space
        // (no verblijfsobject of it was recorded, so its secondary addresses are unknown).
        expectShape(body.address, ADDRESS, ['secondary_address_ids']);
        expect(body.address).toMatchObject({
          municipality: 'Hoeksche Waard',
          lat: 51.76043099,
          lon: 4.44064434,
          address_line_postal: '3286 LT KLAASWAAL',
        });
      });

      it('should answer 503, never 500 or half a record, when BAG fails', async () => {
        fakes.bag.fail(500);
        const res = await api.get(`/v1/kadaster/bag/id?id=${BOLSTRAAT_ID}`);
        expect(res.status).toBe(503);
        expect((await jsonOf(res)).code).toBe('upstream_unavailable');
        expect(res.headers.get('x-credits-charged')).toBe('0.00');
      });
    });

    describe('input table', () => {
      const ID = EUROPALAAN_ID;
      it.each([
        ['woz-waarde', 'postcode=0123AB&house_number=1', 'postcode'],
        ['woz-waarde', 'postcode=1234A&house_number=1', 'postcode'],
        ['woz-waarde', 'postcode=12345AB&house_number=1', 'postcode'],
        ['woz-waarde', 'postcode=1234%20%20AB&house_number=1', 'postcode'],
        ['woz-waarde', 'postcode=3526KP&house_number=0', 'house_number'],
        ['woz-waarde', 'postcode=3526KP&house_number=100000', 'house_number'],
        ['woz-waarde', 'postcode=3526KP&house_number=9a', 'house_number'],
        ['woz-waarde', 'postcode=3526KP', 'house_number'],
        ['woz-waarde', 'postcode=3526KP&house_number=93&house_letter=AB', 'house_letter'],
        ['woz-waarde', 'postcode=3526KP&house_number=93&house_letter=1', 'house_letter'],
        [
          'woz-waarde',
          'postcode=3526KP&house_number=93&house_number_addition=12345',
          'house_number_addition',
        ],
        [
          'woz-waarde',
          'postcode=3526KP&house_number=93&house_number_addition=a-1',
          'house_number_addition',
        ],
        ['woz-waarde', 'id=034420000012808', 'id'],
        ['woz-waarde', 'id=03442000001280861', 'id'],
        ['woz-waarde', '', 'id'],
        ['woz-waarde', `id=${ID}&postcode=3526KP&house_number=93`, 'id'],
        ['kadaster/bag/id', 'id=034420000012808', 'id'],
        ['kadaster/bag/id', 'id=03442000001280861', 'id'],
        ['kadaster/bag/id', 'id=03442000001280a6', 'id'],
        ['kadaster/bag/id', '', 'id'],
        ['kadaster/bag/address-suggest', 'q=a', 'q'],
        ['kadaster/bag/address-suggest', `q=${'a'.repeat(101)}`, 'q'],
        ['kadaster/bag/address-suggest', 'q=europalaan&limit=0', 'limit'],
        ['kadaster/bag/address-suggest', 'q=europalaan&limit=11', 'limit'],
      ])('%s?%s → 400 with a field error on %s, uncharged', async (path, query, field) => {
        const endpoint = path === 'woz-waarde' ? `/v1/property/${path}` : `/v1/${path}`;
        await expectRefusedUncharged(api, `${endpoint}?${query}`, field);
      });
    });

    describe('woz-waarde', () => {
      it('should answer the value with three earlier years, ground surface and parcel', async () => {
        const res = await api.get(`/v1/property/woz-waarde?id=${EUROPALAAN_ID}`);
        expect(res.status).toBe(200);
        expect(res.headers.get('x-source')).toBe('pdok+woz');
        expect(res.headers.get('x-credits-charged')).toBe('10.00');
        const body = await jsonOf(res);
        const { found, address, property_value, ...rest } = body;
        expect(found).toBe(true);
        expectShape(rest, VALUE);
        expect(address).not.toBeNull();
        expect(property_value).not.toBeNull();
        expectShape(body.address, VALUE_ADDRESS);
        const { history, ...current } = body.property_value;
        const VALUE_AT: Record<string, string> = { amount: 'integer?', reference_date: 'date?' };
        expectShape(current, VALUE_AT);
        expect(history).toHaveLength(3);
        for (const earlier of history) expectShape(earlier, VALUE_AT);
        expect(body).toMatchObject({
          address: {
            postcode: '3526KP',
            municipality: 'Utrecht',
            verblijfsobject_id: '0344010000006589',
          },
          property_value: {
            amount: 1_300_000,
            reference_date: '2025-01-01',
            history: [
              { amount: 1_200_000, reference_date: '2024-01-01' },
              { amount: 1_100_000, reference_date: '2023-01-01' },
              { amount: 1_000_000, reference_date: '2022-01-01' },
            ],
          },
          grondoppervlakte: 500,
          // The WOZ answer lists no parcel: PDOK's linked parcel UTT00-R-364.
          kadastrale_gemeente_code: 'UTT00',
          kadastrale_sectie: 'R',
          kadastraal_perceel_nummer: '364',
        });
      });

      it.each([['3526%20kp'], ['3526KP']])(
        'should find the id by postcode %s and share the id’s cache entry',
        async (postcode) => {
          fakes.woz.clearCalls();
          const res = await api.get(`/v1/property/woz-waarde?postcode=${postcode}&house_number=93`);
          expect(res.status).toBe(200);
          expect(res.headers.get('x-cache')).toBe('HIT');
          expect(res.headers.get('x-credits-charged')).toBe('1.00');
          expect((await jsonOf(res)).address.bag_nummeraanduiding_id).toBe(EUROPALAAN_ID);
          expect(fakes.woz.calls).toHaveLength(0);
        },
      );

      it('should answer an address without a WOZ value 200 found:true with amount null', async () => {
        const res = await api.get(`/v1/property/woz-waarde?id=${BOLSTRAAT_ID}`);
        expect(res.status).toBe(200);
        expect(res.headers.get('x-source')).toBe('pdok');
        expect(await jsonOf(res)).toMatchObject({
          found: true,
          address: { street: 'Bolstraat', house_number: 1 },
          property_value: { amount: null, reference_date: null, history: [] },
          grondoppervlakte: null,
          kadastrale_gemeente_code: 'ASD40',
        });
      });

      it('should answer an address no register knows 404, uncharged', async () => {
        const res = await api.get('/v1/property/woz-waarde?postcode=3526KP&house_number=94');
        expect(res.status).toBe(404);
        expect(res.headers.get('x-credits-charged')).toBe('0.00');
        expect(await jsonOf(res)).toEqual({ found: false, address: null, property_value: null });
      });

      it('should answer 503 with Retry-After, uncharged, on a 429, and not ask again before it passed', async () => {
        fakes.woz.rateLimit(120);
        fakes.woz.clearCalls();
        for (const _attempt of [1, 2]) {
          const res = await api.get(`/v1/property/woz-waarde?id=${AMSTEL_ID}`);
          expect(res.status).toBe(503);
          expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(100);
          expect(res.headers.get('x-credits-charged')).toBe('0.00');
          expect((await jsonOf(res)).code).toBe('upstream_unavailable');
        }
        // The second call was answered from the back-off, without asking the source.
        expect(fakes.woz.calls).toHaveLength(1);
      });

      it('should serve the last value with X-Cache: STALE when the source fails past the TTL', async () => {
        const first = await jsonOf(await api.get(`/v1/property/woz-waarde?id=${EUROPALAAN_ID}`));
        // 31 days later the entry is past its 30-day TTL, and the source still rate-limits us.
        jest.spyOn(Date, 'now').mockReturnValue(Date.now() + 31 * DAY);
        fakes.woz.rateLimit(120);
        const res = await api.get(`/v1/property/woz-waarde?id=${EUROPALAAN_ID}`);
        expect(res.status).toBe(200);
        expect(res.headers.get('x-cache')).toBe('STALE');
        expect(res.headers.get('x-credits-charged')).toBe('1.00');
        expect(await jsonOf(res)).toEqual(first);
      });
    });
  });
});
