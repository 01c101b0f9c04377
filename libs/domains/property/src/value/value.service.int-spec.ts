import { jest } from '@jest/globals';
import { DomainCache, createMemoryStore } from '@nl/platform-cache';
import { LIVE } from '@nl/platform-context';
import { Upstream } from '@nl/platform-upstream';
import { EUROPALAAN_ID, PropertyFakes, silentLogger } from '@nl/testing';
import { BAG_UPSTREAM } from '../upstream/bag/bag.client.js';
import { AddressResolver } from '../address/address-resolver.js';
import { PROPERTY_RECORDINGS } from '../index.js';
import { PDOK_UPSTREAM, PdokClient } from '../upstream/pdok/pdok.client.js';
import { WOZ_UPSTREAM, WozClient } from '../upstream/woz/woz.client.js';
import { ValueService } from './value.service.js';

const DAY = 86_400_000;
const BOLSTRAAT_ID = '0344200000159102';

describe(ValueService.name, () => {
  let fakes: PropertyFakes;
  let sut: ValueService;
  beforeAll(async () => {
    fakes = await PropertyFakes.start(PROPERTY_RECORDINGS);
    const settings = {
      pdok: { url: fakes.pdok.url },
      bag: { url: fakes.bag.url, apiKey: 'k' },
      woz: { url: fakes.woz.url },
      epOnline: { url: null, apiKey: null },
      plans: { url: null, apiKey: null },
    };
    expect(Upstream.from(BAG_UPSTREAM, settings).configured).toBe(true);
    const pdok = new PdokClient(Upstream.from(PDOK_UPSTREAM, settings));
    const cache = new DomainCache('property', createMemoryStore('property', 100), silentLogger());
    sut = new ValueService(
      pdok,
      new AddressResolver(pdok, cache),
      new WozClient(Upstream.from(WOZ_UPSTREAM, settings)),
      cache,
    );
  });
  afterAll(() => fakes.close());
  afterEach(() => {
    jest.restoreAllMocks();
    fakes.reset();
  });

  it('should ask PDOK once for an address and share the id’s entry', async () => {
    fakes.pdok.clearCalls();
    const byAddress = await sut.value({ postcode: '3526KP', house_number: 93 }, LIVE);
    const byId = await sut.value({ id: EUROPALAAN_ID }, LIVE);
    expect(byAddress.meta.cache).toBe('miss');
    expect(byId.meta.cache).toBe('hit');
    expect(byId.data).toEqual(byAddress.data);
    expect(fakes.pdok.callsTo('/free')).toHaveLength(1);
  });

  it('should not match a letter the address does not have', async () => {
    await expect(
      sut.value({ postcode: '3526KP', house_number: 93, house_letter: 'A' }, LIVE),
    ).rejects.toMatchObject({ code: 'not_found' });
  });

  it('should back off after a 429: no call to the source until its Retry-After has passed', async () => {
    fakes.woz.rateLimit(2);
    fakes.woz.clearCalls();
    await expect(sut.value({ id: BOLSTRAAT_ID }, LIVE)).rejects.toMatchObject({
      code: 'upstream_unavailable',
      extra: { retryAfterSeconds: 2 },
    });
    fakes.woz.reset();
    await expect(sut.value({ id: BOLSTRAAT_ID }, LIVE)).rejects.toMatchObject({
      code: 'upstream_unavailable',
    });
    expect(fakes.woz.calls).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    expect((await sut.value({ id: BOLSTRAAT_ID }, LIVE)).data.found).toBe(true);
    expect(fakes.woz.calls).toHaveLength(2);
  });

  it('should serve the stale value past the TTL when the source is down', async () => {
    const fresh = await sut.value({ id: EUROPALAAN_ID }, LIVE);
    jest.spyOn(Date, 'now').mockReturnValue(Date.now() + 31 * DAY);
    fakes.woz.fail(500);
    const stale = await sut.value({ id: EUROPALAAN_ID }, LIVE);
    expect(stale.meta).toMatchObject({ cache: 'stale', fetchedAt: fresh.meta.fetchedAt });
    expect(stale.data).toEqual(fresh.data);
  });
});
