import { jest } from '@jest/globals';
import { ENDPOINT_CATALOG } from '@nl/contracts-catalog';
import {
  validateDiscoveryExtension,
  validateDiscoveryExtensionSpec,
  type DiscoveryExtension,
} from '@x402/extensions/bazaar';
import { cutSchema, fitted } from './x402.discovery-schemas.js';
import { DISCOVERY_HEADER_LIMIT, discoveryByRoute, discoveryFor } from './x402.discovery.js';
import { encodeHeader } from './x402.requirements.js';

const X402 = ENDPOINT_CATALOG.filter((e) => e.x402);
const ROUTES = X402.flatMap((e) =>
  e.paths.map((route) => [`${e.method} ${route}`, e, route] as const),
);
const byId = (id: string) => ENDPOINT_CATALOG.find((e) => e.id === id) as (typeof X402)[number];

/** The member at `path` of a schema, for assertions. */
const at = (value: unknown, ...path: string[]): unknown =>
  path.reduce((node, key) => (node as Record<string, unknown> | undefined)?.[key], value);

describe('x402 discovery (Bazaar)', () => {
  // The package's validator (Ajv) warns of every `format` it does not know: noise here.
  beforeAll(() => jest.spyOn(console, 'warn').mockImplementation(() => undefined));
  afterAll(() => jest.restoreAllMocks());
  it.each(ROUTES)('%s: valid by the package’s own validation', (_name, endpoint, route) => {
    const extension: DiscoveryExtension = discoveryFor(endpoint, route).bazaar;
    expect(validateDiscoveryExtension(extension)).toEqual({ valid: true });
    expect(validateDiscoveryExtensionSpec(extension as never)).toEqual({ valid: true });
    expect(extension.info.input.type === 'http' && extension.info.input.method).toBe(
      endpoint.method,
    );
    expect(JSON.stringify(extension)).not.toContain('$ref');
    expect(encodeHeader({ bazaar: extension }).length).toBeLessThanOrEqual(DISCOVERY_HEADER_LIMIT);
  });

  it('should describe a GET: the sandbox example typed by the schema, the parameters’ rules', () => {
    const { bazaar } = discoveryFor(byId('ndw.chargepoints.list'), '/v1/ndw/laadpunten');
    expect(bazaar.info.input).toEqual({
      type: 'http',
      method: 'GET',
      queryParams: { city: "'s-Hertogenbosch" },
    });
    expect(at(bazaar.schema, 'properties', 'input', 'properties', 'queryParams')).toMatchObject({
      type: 'object',
      additionalProperties: false,
      dependentRequired: { lat: ['lon'], lon: ['lat'] },
      properties: { radius_m: { type: 'integer' }, city: { description: expect.any(String) } },
    });
    expect(bazaar.routeTemplate).toBeUndefined();
    // A query the server refuses is refused by the schema too.
    const lonOnly = {
      ...bazaar,
      info: { ...bazaar.info, input: { ...bazaar.info.input, queryParams: { lon: 5 } } },
    };
    expect(validateDiscoveryExtension(lonOnly as DiscoveryExtension).valid).toBe(false);
  });

  it('should give a route with parameters its template and the example’s values', () => {
    const { bazaar } = discoveryFor(byId('cbs.sbi.lookup'), '/v1/cbs/sbi/:code');
    expect(bazaar.routeTemplate).toBe('/v1/cbs/sbi/:code');
    expect(bazaar.info.input).toMatchObject({ method: 'GET', pathParams: { code: '62.10' } });
    const input = at(bazaar.schema, 'properties', 'input', 'properties');
    expect(at(input, 'pathParams')).toMatchObject({
      required: ['code'],
      additionalProperties: false,
    });
    expect(Object.keys(at(input, 'queryParams', 'properties') as object)).toEqual(['edition']);
  });

  it('should describe a POST: its JSON body, example and schema, and the answer’s schema', () => {
    const { bazaar } = discoveryFor(byId('validation.vat.check'), '/v1/validate/vat');
    expect(bazaar.info).toEqual({
      input: {
        type: 'http',
        method: 'POST',
        bodyType: 'json',
        body: { vat_number: 'BE0244142664' },
      },
      output: { type: 'json' },
    });
    const schema = bazaar.schema.properties;
    expect(at(schema, 'input', 'properties', 'body')).toMatchObject({
      type: 'object',
      required: ['vat_number'],
      additionalProperties: false,
    });
    expect(at(schema, 'output', 'properties', 'example')).toMatchObject({
      type: 'object',
      properties: { valid: { type: ['boolean', 'null'] } },
    });
    expect(JSON.stringify(at(schema, 'output'))).not.toContain('"description"');
    // Two VAT patterns do not fit the header: the required number keeps its form, the optional
    // requester is cut to its type (the OpenAPI document has both in full).
    const body = at(schema, 'input', 'properties', 'body', 'properties');
    expect(at(body, 'vat_number', 'pattern')).toEqual(expect.any(String));
    expect(at(body, 'requester_vat_number')).toEqual({ type: 'string' });
  });

  it('should keep a body schema whole, with its words, while it fits', () => {
    const { bazaar } = discoveryFor(byId('validation.email.check'), '/v1/validate/email');
    const email = at(
      bazaar.schema.properties,
      'input',
      'properties',
      'body',
      'properties',
      'email',
    );
    expect(email).toMatchObject({ type: 'string', description: expect.any(String) });
  });

  it('should cut a deep answer schema to fit the header, never more than needed', () => {
    const deep = {
      type: 'object',
      properties: {
        a: { type: 'object', properties: { b: { type: 'array', items: { type: 'string' } } } },
      },
    };
    expect(cutSchema(deep, 1)).toEqual({ type: 'object', properties: { a: { type: 'object' } } });
    expect(cutSchema(deep, 3)).toEqual(deep);
    const size = (s: unknown) => JSON.stringify(s).length;
    expect(fitted(deep, (s) => s, size, size(deep))).toEqual(deep);
    expect(fitted(deep, (s) => s, size, size(deep) - 1)).toEqual(cutSchema(deep, 2));
    expect(() => fitted(deep, (s) => s, size, 10)).toThrow(/does not fit/);
    // The largest answer of the catalog is one that has to be cut.
    const { bazaar } = discoveryFor(byId('property.pandgegevens.get'), '/v1/property/pandgegevens');
    const output = at(bazaar.schema, 'properties', 'output', 'properties', 'example');
    expect(at(output, 'properties', 'address')).toEqual({ type: 'object' });
  });

  it('should key every route of every x402 endpoint, aliases included', () => {
    const map = discoveryByRoute(ENDPOINT_CATALOG);
    expect(map.size).toBe(ROUTES.length);
    expect(map.get('validation.email.disposable /api/v1/validate/email/disposable')).toBeDefined();
  });
});
