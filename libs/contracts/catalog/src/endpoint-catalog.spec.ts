import { DOMAINS, TIERS } from '@nl/contracts-core';
import { ENDPOINT_CATALOG, findEndpoint } from './endpoint-catalog.js';

/** Every method and path of the product spec, `{param}` written as `:param`. */
const SPEC_ENDPOINTS = [
  'GET /v1/property/pandgegevens',
  'GET /v1/property/woz-waarde',
  'GET /v1/kadaster/bag/id',
  'GET /v1/kadaster/bag/address-suggest',
  'GET /v1/dso/plans',
  'GET /v1/rdw/vehicle-lite',
  'GET /v1/rdw/vehicle',
  'GET /v1/kvk/:companyNumber',
  'GET /v1/kvk/:companyNumber/branch',
  'POST /v1/validate/vat',
  'POST /v1/validate/email',
  'POST /api/v1/validate/email/disposable',
  'GET /v1/lookup/dns/records',
  'GET /v1/ndw/laadpunten',
  'GET /v1/ndw/truckparking',
  'GET /api/v1/ndw/truckparking/:id',
  'GET /v1/ndw/emissiezones',
  'GET /api/v1/ndw/emissiezones/:id',
  'GET /v1/cbs/sbi',
  'GET /v1/cbs/sbi/:code',
  'GET /v1/cbs/sbi/search',
];

const routes = ENDPOINT_CATALOG.flatMap((e) => e.paths.map((p) => `${e.method} ${p}`));

describe('ENDPOINT_CATALOG', () => {
  it('should list every endpoint of the spec', () => {
    expect(routes).toEqual(expect.arrayContaining(SPEC_ENDPOINTS));
  });

  it('should serve the spec paths as canonical and only /v1 or /api/v1 paths', () => {
    for (const route of routes) expect(route).toMatch(/^(GET|POST) \/(api\/)?v1\//);
    expect(new Set(routes).size).toBe(routes.length);
  });

  it('should give every endpoint a unique id and subject of its own domain', () => {
    expect(new Set(ENDPOINT_CATALOG.map((e) => e.id)).size).toBe(ENDPOINT_CATALOG.length);
    expect(new Set(ENDPOINT_CATALOG.map((e) => e.subject)).size).toBe(ENDPOINT_CATALOG.length);
    for (const e of ENDPOINT_CATALOG) {
      expect(DOMAINS).toContain(e.domain);
      expect(e.subject.startsWith(`${e.domain}.`)).toBe(true);
    }
  });

  it('should price in whole hundredths, never charge more for a cached answer, and time out', () => {
    for (const e of ENDPOINT_CATALOG) {
      expect(Number.isInteger(e.price.fresh) && Number.isInteger(e.price.cached)).toBe(true);
      expect(e.price.cached).toBeLessThanOrEqual(e.price.fresh);
      expect(e.timeoutMs).toBeGreaterThan(0);
      for (const tier of Object.keys(e.limits)) expect(TIERS).toContain(tier);
    }
  });

  it('should follow the spec prices and our defaults where the spec is silent', () => {
    expect(findEndpoint('validation.vat.check').price).toEqual({ fresh: 100, cached: 50 });
    expect(findEndpoint('rdw.vehicle.full').price).toEqual({ fresh: 200, cached: 100 });
    expect(findEndpoint('property.pandgegevens.get').price).toEqual({
      fresh: 1000,
      cached: 100,
      partial: 100,
    });
    expect(findEndpoint('cbs.sbi.lookup').price).toEqual({ fresh: 10, cached: 10 });
    expect(findEndpoint('cbs.sbi.index').limits).toEqual({ trial: 60, paid: 300, premium: 600 });
    expect(findEndpoint('validation.email.disposable').limits.free).toBe(10);
    expect(findEndpoint('validation.dns.records').cacheTtlMs).toBe(5 * 60_000);
  });

  it('should gate the two detail endpoints by subscription and keep x402 off them', () => {
    const gated = ENDPOINT_CATALOG.filter((e) => e.subscription);
    expect(gated.map((e) => e.id).sort()).toEqual([
      'ndw.emissionzones.get',
      'ndw.truckparking.get',
    ]);
    for (const e of gated) {
      expect(e.x402).toBe(false);
      expect(e.limits).toEqual({ paid: 60, premium: 100 });
    }
    expect(ENDPOINT_CATALOG.filter((e) => !e.subscription).every((e) => e.x402)).toBe(true);
  });

  it('should allow the Free tier only where the spec gives it a limit', () => {
    expect(ENDPOINT_CATALOG.filter((e) => e.limits.free !== undefined).map((e) => e.id)).toEqual([
      'validation.email.disposable',
    ]);
  });

  it('should give every endpoint its answer type, a planned one too (the contract is complete)', () => {
    for (const e of ENDPOINT_CATALOG) expect([e.id, typeof e.response]).toEqual([e.id, 'function']);
  });

  it('should name the upstreams of the endpoints that cannot answer without them', () => {
    expect(findEndpoint('kvk.company.get').upstreams).toEqual(['kvk']);
    expect(findEndpoint('validation.vat.check').upstreams).toEqual(['vies']);
    expect(findEndpoint('cbs.sbi.lookup').upstreams).toBeUndefined();
  });

  it('should fail loudly on an unknown id', () => {
    expect(() => findEndpoint('nope')).toThrow('Unknown endpoint id nope');
  });
});
