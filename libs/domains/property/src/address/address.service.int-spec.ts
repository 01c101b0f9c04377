import { jest } from '@jest/globals';
import { DomainCache, createMemoryStore } from '@nl/platform-cache';
import { LIVE } from '@nl/platform-context';
import { Upstream } from '@nl/platform-upstream';
import { EUROPALAAN_ID, PropertyFakes, silentLogger } from '@nl/testing';
import { BAG_UPSTREAM, BagClient } from '../upstream/bag/bag.client.js';
import { PROPERTY_RECORDINGS } from '../index.js';
import { PDOK_UPSTREAM, PdokClient } from '../upstream/pdok/pdok.client.js';
import { AddressService } from './address.service.js';

const DAY = 86_400_000;

describe(AddressService.name, () => {
  let fakes: PropertyFakes;
  const service = (bagKey: string | null) => {
    const settings = {
      pdok: { url: fakes.pdok.url },
      bag: { url: fakes.bag.url, apiKey: bagKey },
      woz: { url: null },
      epOnline: { url: null, apiKey: null },
      plans: { url: null, apiKey: null },
    };
    return new AddressService(
      new PdokClient(Upstream.from(PDOK_UPSTREAM, settings)),
      new BagClient(Upstream.from(BAG_UPSTREAM, settings)),
      new DomainCache('property', createMemoryStore('property', 100), silentLogger()),
    );
  };
  beforeAll(async () => {
    fakes = await PropertyFakes.start(PROPERTY_RECORDINGS);
  });
  afterAll(() => fakes.close());
  afterEach(() => {
    jest.restoreAllMocks();
    fakes.reset();
  });

  it('should ask BAG for the address and its verblijfsobject only with a key', async () => {
    fakes.bag.clearCalls();
    const withKey = await service('k').byId(EUROPALAAN_ID, LIVE);
    expect(withKey.meta.source).toBe('pdok+bag');
    expect(fakes.bag.calls.map((c) => c.path).sort()).toEqual([
      `/adressenuitgebreid/${EUROPALAAN_ID}`,
      '/verblijfsobjecten/0344010000006589',
    ]);
    expect(fakes.bag.calls[0]?.headers['x-api-key']).toBe('k');
    expect(fakes.bag.calls[0]?.headers['accept-crs']).toBe('epsg:28992');

    fakes.bag.clearCalls();
    const without = await service(null).byId(EUROPALAAN_ID, LIVE);
    expect(without.meta.source).toBe('pdok');
    expect(without.data.address.status).toBeNull();
    expect(fakes.bag.calls).toEqual([]);
  });

  it("should ask BAG for the verblijfsobject PDOK names while BAG's address is still under way", async () => {
    fakes.bag.clearCalls();
    fakes.bag.slowWhen(300, (call) => call.path.startsWith('/adressenuitgebreid/'));
    const record = await service('k').byId(EUROPALAAN_ID, LIVE);
    const [address, object] = [
      fakes.bag.callsTo('/adressenuitgebreid/')[0],
      fakes.bag.callsTo('/verblijfsobjecten/')[0],
    ];
    expect(object.at - address.at).toBeLessThan(150);
    expect(record.data.address.document_date).not.toBeNull();
  });

  it("should ask BAG's own object after all when PDOK names another: the same record", async () => {
    const sut = service('k');
    const plain = (await sut.byId(EUROPALAAN_ID, LIVE)).data.address;
    const lagging = fakes.copyEuropalaan(700, { pdokObject: '0344010000999999' });
    fakes.bag.clearCalls();
    const record = (await sut.byId(lagging.id, LIVE)).data.address;
    expect(fakes.bag.calls.map((c) => c.path).sort()).toEqual([
      `/adressenuitgebreid/${lagging.id}`,
      `/verblijfsobjecten/${lagging.vbo}`,
      '/verblijfsobjecten/0344010000999999',
    ]);
    expect(record).toMatchObject({
      bag_verblijfsobject_id: lagging.vbo,
      document_date: plain.document_date,
      document_number: plain.document_number,
      occurrence: plain.occurrence,
    });
    expect(plain.document_date).not.toBeNull();
  });

  it('should ask for no object before BAG names it when PDOK names a ligplaats', async () => {
    const address = fakes.copyEuropalaan(701, { pdokObject: '0344020000000001' });
    fakes.bag.clearCalls();
    fakes.bag.slowWhen(100, (call) => call.path.startsWith('/adressenuitgebreid/'));
    await service('k').byId(address.id, LIVE);
    const [first, object] = fakes.bag.calls;
    expect(fakes.bag.calls.map((c) => c.path)).toEqual([
      `/adressenuitgebreid/${address.id}`,
      `/verblijfsobjecten/${address.vbo}`,
    ]);
    expect(object.at - first.at).toBeGreaterThanOrEqual(100);
  });

  it("should fill an id only BAG knows with CBS's municipality and the RD point in WGS84", async () => {
    const only = await service('k').byId('0611200000608342', LIVE);
    expect(only.meta.source).toBe('bag');
    expect(only.data.address).toMatchObject({
      street: 'Schenkeldijk',
      build_year: 1920,
      // Woonplaats Klaaswaal; the id's own code (0611, Cromstrijen) has merged into it.
      municipality: 'Hoeksche Waard',
      lat: 51.76043099,
      lon: 4.44064434,
      address_line_postal: '3286 LT KLAASWAAL',
    });
  });

  it("should keep PDOK's point and municipality when both sources answer", async () => {
    const both = await service('k').byId(EUROPALAAN_ID, LIVE);
    expect(both.meta.source).toBe('pdok+bag');
    // BAG's RD point converts to 52.06415265 N 5.10696310 E, 0.3 m away.
    expect(both.data.address).toMatchObject({
      lat: 52.06415055,
      lon: 5.10696041,
      municipality: 'Utrecht',
      short_name: 'Europalaan',
      address_line_postal: '3526 KP UTRECHT',
    });
  });

  it('should serve the stale record past the TTL when BAG fails, and refuse without one', async () => {
    const sut = service('k');
    const fresh = await sut.byId(EUROPALAAN_ID, LIVE);
    jest.spyOn(Date, 'now').mockReturnValue(Date.now() + 2 * DAY);
    fakes.bag.fail(503);
    const stale = await sut.byId(EUROPALAAN_ID, LIVE);
    expect(stale.meta).toMatchObject({ cache: 'stale', fetchedAt: fresh.meta.fetchedAt });
    expect(stale.data).toEqual(fresh.data);
    await expect(sut.byId('0344200000159102', LIVE)).rejects.toMatchObject({
      code: 'upstream_unavailable',
    });
  });

  it('should cut one cached list of ten to each limit', async () => {
    const sut = service(null);
    fakes.pdok.clearCalls();
    expect((await sut.suggest('westeringlaan 18', 3, LIVE)).data.suggestions).toHaveLength(3);
    const again = await sut.suggest('westeringlaan 18', 10, LIVE);
    expect(again.meta.cache).toBe('hit');
    expect(again.data.suggestions).toHaveLength(10);
    expect(fakes.pdok.callsTo('/suggest')).toHaveLength(1);
  });
});
