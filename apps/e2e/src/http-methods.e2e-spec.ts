import { PROFILES, jsonOf, startStack, type Stack } from './support/stack.js';

// Methods as RFC 9110 has them: a path the server has, asked with a method it does not answer,
// is `405` with `Allow` (not `404`); `OPTIONS` names each path's own methods, and `404`s a path
// that does not exist. CORS preflights to the API stay as they were.

const ADMIN_TOKEN = 'test-admin-token-methods-0123456789';
const PROBLEM = /^application\/problem\+json/;
const READ = 'GET, HEAD, OPTIONS';
const WRITE = 'POST, OPTIONS';

interface OpenApi {
  paths: Record<string, Record<string, unknown>>;
}

/** Every route family with a path of it, a method it does not take, and its exact `Allow`. */
const REFUSED: readonly [family: string, method: string, path: string, allow: string][] = [
  ['catalog GET', 'DELETE', '/v1/cbs/sbi/62.10', READ],
  ['catalog GET', 'POST', '/v1/cbs/sbi/search?q=bakkerij', READ],
  ['catalog GET', 'PUT', '/v1/kvk/69599084', READ],
  ['catalog GET alias', 'PATCH', '/api/v1/ndw/truckparking/x1', READ],
  ['catalog POST', 'GET', '/v1/validate/vat', WRITE],
  ['catalog POST', 'PUT', '/v1/validate/email', WRITE],
  ['catalog POST alias', 'DELETE', '/api/v1/validate/email/disposable', WRITE],
  ['account', 'POST', '/v1/account', READ],
  ['account', 'DELETE', '/v1/account/usage', READ],
  ['docs', 'POST', '/openapi.json', READ],
  ['docs', 'PUT', '/openapi.yaml', READ],
  ['docs', 'DELETE', '/asyncapi.json', READ],
  ['docs', 'POST', '/docs', READ],
  ['front door', 'POST', '/', READ],
  ['front door', 'DELETE', '/llms.txt', READ],
  ['front door', 'PUT', '/robots.txt', READ],
  ['health', 'POST', '/health/live', READ],
  ['health', 'DELETE', '/health/ready', READ],
  ['metrics', 'PUT', '/metrics', READ],
  ['dashboard page', 'PUT', '/dashboard/overview', READ],
  ['dashboard form', 'GET', '/dashboard/sign-out', WRITE],
  ['dashboard form', 'DELETE', '/dashboard/sign-in', 'GET, HEAD, POST, OPTIONS'],
  ['dashboard asset', 'POST', '/dashboard/assets/dashboard.css', READ],
  ['admin', 'PATCH', '/admin/keys/x1', 'DELETE, OPTIONS'],
  ['admin', 'DELETE', '/admin/accounts', 'GET, HEAD, POST, OPTIONS'],
];

/** An OpenAPI path with a sample value in each parameter (`/v1/kvk/{n}` → `/v1/kvk/x1`). */
const samplePath = (template: string) => template.replace(/\{[^}]+\}/g, 'x1');

describe.each(PROFILES)('methods and OPTIONS (%s)', (profile) => {
  let api: Stack;
  beforeAll(async () => {
    api = await startStack(profile, { env: { ADMIN_TOKEN } });
  });
  afterAll(() => api?.close());

  describe('a method the path does not answer', () => {
    it.each(REFUSED)(
      'should answer %s: %s %s with 405 and exactly its Allow',
      async (_family, method, path, allow) => {
        const res = await api.fetch(path, { method, headers: api.auth });
        expect({
          status: res.status,
          type: res.headers.get('content-type'),
          allow: res.headers.get('allow'),
        }).toEqual({ status: 405, type: expect.stringMatching(PROBLEM), allow });
        const requestId = res.headers.get('x-request-id');
        expect(await jsonOf(res)).toEqual({
          type: 'urn:nl-data-api:problem:method_not_allowed',
          title: 'Method Not Allowed',
          status: 405,
          detail: `${method} is not a method of this path; it answers ${allow}.`,
          instance: path,
          code: 'method_not_allowed',
          requestId,
        });
        // Refused before any step: neither counted nor charged.
        expect(res.headers.get('ratelimit-remaining')).toBeNull();
        expect(res.headers.get('x-credits-charged')).toBeNull();
      },
    );

    it('should answer HEAD on a POST endpoint 405 with its Allow and no body', async () => {
      const res = await api.fetch('/v1/validate/vat', { method: 'HEAD', headers: api.auth });
      expect({ status: res.status, allow: res.headers.get('allow') }).toEqual({
        status: 405,
        allow: WRITE,
      });
      expect(await res.text()).toBe('');
    });

    it('should keep 404 route_not_found, without Allow, for a path no route has', async () => {
      for (const [method, path] of [
        ['DELETE', '/v1/cbs'],
        ['GET', '/v1/no-such-thing'],
        ['PUT', '/health'],
        // A route of this method whose answer is a 404: a file the docs do not have.
        ['GET', '/docs/no-such-file.js'],
      ]) {
        const res = await api.fetch(path, { method });
        expect({ path, status: res.status, allow: res.headers.get('allow') }).toEqual({
          path,
          status: 404,
          allow: null,
        });
        expect(await jsonOf(res)).toMatchObject({ code: 'route_not_found', instance: path });
      }
    });
  });

  describe('OPTIONS', () => {
    it('should name the methods of every documented path, as the OpenAPI document lists them', async () => {
      const document = (await jsonOf(await api.fetch('/openapi.json'))) as OpenApi;
      const paths = Object.entries(document.paths);
      expect(paths.length).toBeGreaterThan(20);
      for (const [template, operations] of paths) {
        const methods = Object.keys(operations).map((m) => m.toUpperCase());
        const expected = [
          ...['GET', 'HEAD', 'PUT', 'POST', 'DELETE'].filter((m) =>
            methods.includes(m === 'HEAD' ? 'GET' : m),
          ),
          'OPTIONS',
        ].join(', ');
        const path = samplePath(template);
        const res = await api.fetch(path, { method: 'OPTIONS' });
        expect({ path, status: res.status, allow: res.headers.get('allow') }).toEqual({
          path,
          status: 204,
          allow: expected,
        });
      }
    });

    it.each([
      ['/docs', READ],
      ['/', READ],
      ['/llms-full.txt', READ],
      ['/health/live', READ],
      ['/dashboard/sign-out', WRITE],
      ['/dashboard/keys/x1/revoke', 'GET, HEAD, POST, OPTIONS'],
      ['/admin/accounts/x1', 'GET, HEAD, PATCH, OPTIONS'],
    ])('should answer OPTIONS %s with 204, Allow %s and no CORS headers', async (path, allow) => {
      const res = await api.fetch(path, { method: 'OPTIONS' });
      expect({ status: res.status, allow: res.headers.get('allow') }).toEqual({
        status: 204,
        allow,
      });
      expect(await res.text()).toBe('');
      expect(res.headers.get('access-control-allow-origin')).toBeNull();
      expect(res.headers.get('x-request-id')).toEqual(expect.any(String));
    });

    it.each(['/v1/no-such-thing', '/api/v1/nothing', '/nowhere', '/v1/cbs'])(
      'should answer OPTIONS %s, a path that does not exist, with 404 route_not_found',
      async (path) => {
        const res = await api.fetch(path, { method: 'OPTIONS' });
        expect(res.status).toBe(404);
        expect(res.headers.get('content-type')).toMatch(PROBLEM);
        expect(res.headers.get('allow')).toBeNull();
        expect(await jsonOf(res)).toMatchObject({ code: 'route_not_found', instance: path });
      },
    );

    it.each([
      ['/v1/cbs/sbi/search?q=bakkerij', 'GET'],
      ['/v1/validate/vat', 'POST'],
      ['/v1/account', 'GET'],
      // Answered too, so that the page goes on to read the call's own 404.
      ['/v1/no-such-thing', 'GET'],
    ])('should still answer a CORS preflight to %s as before', async (path, method) => {
      const origin = 'https://shop.example.nl';
      const res = await api.fetch(path, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': method },
      });
      expect(res.status).toBe(204);
      expect(Object.fromEntries(res.headers)).toMatchObject({
        'access-control-allow-origin': origin,
        'access-control-allow-methods': 'GET, HEAD, POST',
        'access-control-max-age': '7200',
        vary: 'Origin',
      });
    });

    it('should answer a preflight to a same-origin path without any CORS header', async () => {
      const res = await api.fetch('/dashboard/sign-in', {
        method: 'OPTIONS',
        headers: { origin: 'https://copycat.example', 'access-control-request-method': 'POST' },
      });
      expect(res.headers.get('allow')).toBe('GET, HEAD, POST, OPTIONS');
      for (const name of ['allow-origin', 'allow-methods', 'allow-headers'])
        expect(res.headers.get(`access-control-${name}`)).toBeNull();
    });
  });
});
