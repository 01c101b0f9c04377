import { jest } from '@jest/globals';
import { PANDGEGEVENS_GET_ENDPOINT } from '@nl/contracts-property';
import { DomainCache, createMemoryStore } from '@nl/platform-cache';
import { LIVE } from '@nl/platform-context';
import { Upstream } from '@nl/platform-upstream';
import { PropertyFakes, silentLogger, type TestAddress } from '@nl/testing';
import { AddressResolver } from '../address/address-resolver.js';
import { AddressService } from '../address/address.service.js';
import { PROPERTY_RECORDINGS, type PropertySettings } from '../index.js';
import { PlansService } from '../plans/plans.service.js';
import { BAG_UPSTREAM, BagClient } from '../upstream/bag/bag.client.js';
import { EP_ONLINE_UPSTREAM, EpOnlineClient } from '../upstream/ep-online/ep-online.client.js';
import { PDOK_UPSTREAM, PdokClient } from '../upstream/pdok/pdok.client.js';
import { PLANS_UPSTREAM, PlansClient } from '../upstream/plans/plans.client.js';
import { WOZ_UPSTREAM, WozClient } from '../upstream/woz/woz.client.js';
import { ValueService } from '../value/value.service.js';
import { DossierService } from './dossier.service.js';

const PARTIAL_TTL_MS = PANDGEGEVENS_GET_ENDPOINT.partialCacheTtlMs;

/** The dossier's services wired to the fakes, as the module wires them, with a fresh cache. */
function services(fakes: PropertyFakes, keys: { epOnline?: boolean } = {}) {
  const settings: PropertySettings = {
    pdok: { url: fakes.pdok.url },
    bag: { url: fakes.bag.url, apiKey: 'k' },
    woz: { url: fakes.woz.url },
    epOnline: { url: fakes.epOnline.url, apiKey: keys.epOnline === false ? null : 'k' },
    plans: { url: fakes.plans.url, apiKey: 'k' },
  };
  const cache = new DomainCache('property', createMemoryStore('property', 1_000), silentLogger());
  const pdok = new PdokClient(Upstream.from(PDOK_UPSTREAM, settings));
  const resolver = new AddressResolver(pdok, cache);
  const addresses = new AddressService(
    pdok,
    new BagClient(Upstream.from(BAG_UPSTREAM, settings)),
    cache,
  );
  const values = new ValueService(
    pdok,
    resolver,
    new WozClient(Upstream.from(WOZ_UPSTREAM, settings)),
    cache,
  );
  const plans = new PlansService(
    new PlansClient(Upstream.from(PLANS_UPSTREAM, settings)),
    resolver,
    cache,
  );
  const epOnline = new EpOnlineClient(Upstream.from(EP_ONLINE_UPSTREAM, settings));
  return {
    values,
    dossiers: new DossierService(resolver, addresses, values, plans, epOnline, cache),
  };
}

const statusOf = (meta: { sources: { source: string; status: string; code: string | null }[] }) =>
  Object.fromEntries(
    meta.sources.map((s) => [s.source, s.code ? `${s.status}:${s.code}` : s.status]),
  );

describe(DossierService.name, () => {
  let fakes: PropertyFakes;
  let next = 100;
  /** A fresh address (a copy of Europalaan 93) nothing has cached. */
  const fresh = (): TestAddress => fakes.copyEuropalaan(next++);
  const query = (a: TestAddress) => ({ postcode: a.postcode, house_number: a.house_number });
  const allFakes = () => [fakes.pdok, fakes.bag, fakes.epOnline, fakes.woz, fakes.plans];

  beforeAll(async () => {
    fakes = await PropertyFakes.start(PROPERTY_RECORDINGS);
  });
  afterAll(() => fakes.close());
  afterEach(() => {
    jest.restoreAllMocks();
    fakes.reset();
  });

  it('should assemble a complete dossier, each source asked once, and cache it 24 hours', async () => {
    const { dossiers } = services(fakes);
    const address = fresh();
    for (const fake of allFakes()) fake.clearCalls();
    const first = await dossiers.dossier(query(address), LIVE);
    expect(first.meta).toMatchObject({
      cache: 'miss',
      source: 'pdok+bag+ep-online+woz+ruimtelijke-plannen',
    });
    expect(first.meta.partial).toBeUndefined();
    expect(first.data.meta.complete).toBe(true);
    expect(first.data).toMatchObject({
      found: true,
      bag_identifiers: { nummeraanduiding_id: address.id, verblijfsobject_id: address.vbo },
      energy_label: { energy_class: 'A' },
      property_value: { amount: 1_300_000 },
      building: { surface_area: 1000, construction_year: 1990, class: 'Utiliteitsbouw' },
      spatial_planning: {
        plan_id: 'NL.IMRO.0344.ILLUSTRATIEF01-VA01',
        bestemmingsvlak: { naam: 'Kantoor' },
      },
    });
    expect(first.data.energy_labels).toHaveLength(2);
    expect(allFakes().map((f) => f.calls.length)).toEqual([1, 2, 1, 1, 2]);

    jest.spyOn(Date, 'now').mockReturnValue(Date.now() + 23 * 3_600_000);
    const again = await dossiers.dossier(query(address), LIVE);
    expect(again.meta.cache).toBe('hit');
    expect(allFakes().map((f) => f.calls.length)).toEqual([1, 2, 1, 1, 2]);
  });

  it('should share one assembly among 100 concurrent cold requests: one call per upstream call', async () => {
    const { dossiers } = services(fakes);
    const address = fresh();
    for (const fake of allFakes()) {
      fake.clearCalls();
      fake.slow(50);
    }
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => dossiers.dossier(query(address), LIVE)),
    );
    expect(new Set(answers.map((a) => JSON.stringify(a.data))).size).toBe(1);
    // PDOK /free, BAG address + verblijfsobject, EP-Online, WOZ, plans search + bestemmingsvlakken.
    expect(allFakes().map((f) => f.calls.length)).toEqual([1, 2, 1, 1, 2]);
  });

  it("should start each call once its inputs exist: every branch on PDOK's answer, BAG's object with BAG's address, the vlakken on the plan search, none waiting for another branch", async () => {
    const { dossiers } = services(fakes);
    // A first dossier opens the connections and loads the code, which the first calls would time.
    await dossiers.dossier(query(fresh()), LIVE);
    const address = fresh();
    for (const fake of allFakes()) fake.clearCalls();
    fakes.pdok.slow(30);
    fakes.bag.slow(200);
    fakes.plans.slow(200);
    // WOZ answers long after the plan search: the vlakken must not wait for it.
    fakes.woz.slow(600);
    const dossier = await dossiers.dossier(query(address), LIVE);
    expect(dossier.data.meta.complete).toBe(true);
    const pdokAnswered = fakes.pdok.calls[0].at + 30;
    const [bagAddress, bagObject] = [
      fakes.bag.callsTo('/adressenuitgebreid/')[0],
      fakes.bag.callsTo('/verblijfsobjecten/')[0],
    ];
    const [search, vlakken] = fakes.plans.calls;
    const firstCalls = [bagAddress, bagObject, fakes.epOnline.calls[0], fakes.woz.calls[0], search];
    for (const call of firstCalls) expect(call.at - pdokAnswered).toBeLessThan(100);
    expect(vlakken.path).toMatch(/\/bestemmingsvlakken\/_zoek$/);
    expect(vlakken.at - (search.at + 200)).toBeLessThan(100);
    expect(vlakken.at).toBeLessThan(fakes.woz.calls[0].at + 600);
  });

  it('should reuse the value a woz-waarde call cached', async () => {
    const { dossiers, values } = services(fakes);
    const address = fresh();
    await values.value({ id: address.id }, LIVE);
    fakes.woz.clearCalls();
    const dossier = await dossiers.dossier(query(address), LIVE);
    expect(dossier.data.property_value?.amount).toBe(1_300_000);
    expect(fakes.woz.calls).toHaveLength(0);
  });

  it.each([
    ['bag', 'bag', ['address.surface_area_m2']],
    ['epOnline', 'ep-online', ['energy_labels', 'energy_label', 'energy_details']],
    ['woz', 'woz', ['property_value']],
    ['plans', 'ruimtelijke-plannen', ['spatial_planning']],
  ] as const)(
    'should answer a partial dossier when %s answers 500: its members null, the sources saying why',
    async (fake, source, members) => {
      const { dossiers } = services(fakes);
      fakes[fake].fail(500);
      const dossier = await dossiers.dossier(query(fresh()), LIVE);
      expect(dossier.meta.partial).toBe(true);
      expect(dossier.data.meta.complete).toBe(false);
      expect(statusOf(dossier.data.meta)).toEqual({
        pdok: 'ok',
        bag: 'ok',
        'ep-online': 'ok',
        woz: 'ok',
        'ruimtelijke-plannen': 'ok',
        [source]: 'failed:upstream_unavailable',
      });
      for (const member of members) {
        const value = member
          .split('.')
          .reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], dossier.data);
        expect(value).toBeNull();
      }
      expect(dossier.meta.source).not.toContain(source);
    },
  );

  it('should report sources that time out as upstream_timeout, all in one dossier', async () => {
    const { dossiers } = services(fakes);
    const address = fresh();
    fakes.bag.timeout(Infinity, `/adressenuitgebreid/${address.id}`);
    fakes.epOnline.timeout();
    fakes.woz.timeout();
    fakes.plans.timeout();
    const started = performance.now();
    const dossier = await dossiers.dossier(query(address), LIVE);
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(statusOf(dossier.data.meta)).toEqual({
      pdok: 'ok',
      bag: 'failed:upstream_timeout',
      'ep-online': 'failed:upstream_timeout',
      woz: 'failed:upstream_timeout',
      'ruimtelijke-plannen': 'failed:upstream_timeout',
    });
    expect(dossier.data).toMatchObject({
      found: true,
      energy_labels: null,
      property_value: null,
      building: null,
      spatial_planning: null,
    });
    // PDOK's members of the address record are still there.
    expect(dossier.data.address.street).toBe('Europalaan');
  }, 20_000);

  it('should keep a partial dossier 5 minutes only, then assemble it again', async () => {
    const { dossiers } = services(fakes);
    const address = fresh();
    fakes.epOnline.fail(500);
    expect((await dossiers.dossier(query(address), LIVE)).data.meta.complete).toBe(false);
    fakes.epOnline.reset();
    const cached = await dossiers.dossier(query(address), LIVE);
    expect(cached.meta).toMatchObject({ cache: 'hit', partial: true });
    jest.spyOn(Date, 'now').mockReturnValue(Date.now() + PARTIAL_TTL_MS + 1_000);
    fakes.woz.clearCalls();
    const complete = await dossiers.dossier(query(address), LIVE);
    expect(complete.meta.cache).toBe('miss');
    expect(complete.data.meta.complete).toBe(true);
    // The other sources' answers came from their own cache entries.
    expect(fakes.woz.calls).toHaveLength(0);
  });

  it('should say not_configured for a source without a key on this server', async () => {
    const { dossiers } = services(fakes, { epOnline: false });
    const dossier = await dossiers.dossier(query(fresh()), LIVE);
    expect(dossier.data.meta.sources.find((s) => s.source === 'ep-online')).toMatchObject({
      status: 'not_configured',
      code: expect.stringMatching(/not_configured$/),
    });
    expect(dossier.data.energy_labels).toBeNull();
    // BAG still gives the building its surface and year.
    expect(dossier.data.building).toMatchObject({ surface_area: 1000, type: null });
  });

  it('should fail the dossier when the address register fails or does not know the address', async () => {
    const { dossiers } = services(fakes);
    const address = fresh();
    fakes.pdok.fail(500);
    await expect(dossiers.dossier(query(address), LIVE)).rejects.toMatchObject({
      code: 'upstream_unavailable',
    });
    fakes.pdok.reset();
    await expect(
      dossiers.dossier({ postcode: '9999ZZ', house_number: 1 }, LIVE),
    ).rejects.toMatchObject({
      code: 'not_found',
      extra: { body: { found: false, address: null } },
    });
  });

  it('should answer empty, not failed, for a source that holds nothing for the address', async () => {
    const { dossiers } = services(fakes);
    const dossier = await dossiers.dossier({ postcode: '3581WS', house_number: 1 }, LIVE);
    // Bolstraat 1: no BAG, WOZ or plan recording; EP-Online's recording times out on it.
    expect(statusOf(dossier.data.meta)).toMatchObject({
      bag: 'empty',
      woz: 'empty',
      'ruimtelijke-plannen': 'empty',
    });
    expect(dossier.data.property_value).toEqual({
      amount: null,
      reference_date: null,
      history: [],
    });
  }, 15_000);
});
