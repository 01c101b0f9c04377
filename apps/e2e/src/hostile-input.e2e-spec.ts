import { ShutdownGate } from '@nl/gateway-core';
import { captureLogs } from '@nl/testing';
import { rawRequest, type RawResponse } from './support/raw-http.js';
import { PROFILES, jsonOf, startStack, type Stack } from './support/stack.js';

// Issue 8, findings 4, 5, 8, 9, 10 and 13: what an attacker sends must get a clear 4xx (or the
// 503 of a server that is shutting down), always problem+json, never a 500.

const ADMIN_TOKEN = 'hostile-input-admin-token-0123456789';
const PROBLEM = /^application\/problem\+json/;

function nested(depth: number): string {
  return `{"email":${'['.repeat(depth)}${']'.repeat(depth)}}`;
}

function expectProblem(res: RawResponse, status: number, code: string) {
  expect({ status: res.status, type: res.headers['content-type'] }).toEqual({
    status,
    type: expect.stringMatching(PROBLEM),
  });
  expect(JSON.parse(res.body)).toMatchObject({ status, code });
}

describe.each(PROFILES)('hostile input at the gateway (%s)', (profile) => {
  const logs = captureLogs('e2e', 'info');
  let api: Stack;
  let key: string;
  const raw = (request: string | Buffer) => rawRequest(api.url, request);

  beforeAll(async () => {
    api = await startStack(profile, { logger: logs.logger, env: { ADMIN_TOKEN } });
    key = api.auth['x-api-key'];
  });
  afterAll(() => api?.close());

  async function post(path: string, body: string, headers: Record<string, string> = {}) {
    return api.fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
    });
  }

  describe('deeply nested and oversized JSON bodies (finding 4)', () => {
    it.each([
      ['/v1/validate/email/disposable', 30_000, 413, 'payload_too_large'],
      ['/api/v1/validate/email/disposable', 30_000, 413, 'payload_too_large'],
      ['/v1/validate/email', 10_000, 413, 'payload_too_large'],
      ['/v1/validate/vat', 10_000, 413, 'payload_too_large'],
      ['/v1/validate/email/disposable', 1_900, 400, 'bad_request'],
      ['/v1/validate/vat', 1_900, 400, 'bad_request'],
    ])(
      'should answer %s with %i levels, without a key, %i %s',
      async (path, depth, status, code) => {
        const res = await post(path, nested(depth));
        expect(res.status).toBe(status);
        expect(res.headers.get('content-type')).toMatch(PROBLEM);
        expect(await jsonOf(res)).toMatchObject({ code });
      },
    );

    it('should refuse nine levels and accept the flat body', async () => {
      const nine = await post('/v1/validate/email/disposable', nested(8), api.auth);
      expect(await jsonOf(nine)).toMatchObject({
        status: 400,
        detail: 'The JSON body is nested deeper than 8 levels.',
      });
      const flat = await post(
        '/v1/validate/email/disposable',
        '{"email":"a@mailinator.com"}',
        api.auth,
      );
      expect(flat.status).toBe(200);
    });

    it('should refuse a body over the endpoint size with 413 problem+json', async () => {
      const res = await post('/v1/validate/vat', JSON.stringify({ vat_number: 'x'.repeat(5_000) }));
      expect(res.status).toBe(413);
      expect(await jsonOf(res)).toMatchObject({ code: 'payload_too_large' });
    });

    it('should refuse a text body with 415, not hand a string to validation', async () => {
      const res = await api.fetch('/v1/validate/vat', {
        method: 'POST',
        headers: { ...api.auth, 'content-type': 'text/plain' },
        body: 'NL123',
      });
      expect(res.status).toBe(415);
      expect(res.headers.get('content-type')).toMatch(PROBLEM);
    });
  });

  describe('control characters in text (finding 5)', () => {
    it.each(['%00', 'a%00b', 'a%07', '%7F'])('should answer q=%s with a field error', async (q) => {
      const res = await api.get(`/v1/cbs/sbi/search?q=${q}`);
      expect(res.status).toBe(400);
      const body = await jsonOf(res);
      expect(body.errors).toEqual([
        { field: 'q', message: 'q must be text without control characters' },
      ]);
    });

    it('should refuse an unpaired surrogate in a JSON body', async () => {
      const res = await post('/v1/validate/email', '{"email":"a\\ud800@example.com"}', api.auth);
      expect(res.status).toBe(400);
      expect((await jsonOf(res)).errors[0].field).toBe('email');
    });

    it('should not have logged SQL or an error for any of them', () => {
      const text = logs.text();
      expect(text).not.toMatch(/SELECT|invalid byte sequence/);
      // The stack's own start may retry its first database connection on a loaded machine
      // (TypeOrmModule logs that at error); nothing of the input may log one.
      const startRetry = (l: { context?: unknown; msg?: unknown }) =>
        l.context === 'TypeOrmModule' && String(l.msg).startsWith('Unable to connect');
      expect(logs.lines().filter((l) => l.level === 'error' && !startRetry(l))).toEqual([]);
    });
  });

  describe('answers the server gives before the app sees a request (findings 9, 10)', () => {
    it.each(['/docs/../openapi.json', '/docs/%2e%2e/openapi.json', '/docs/..%2f..%2fpackage.json'])(
      'should answer %s with 404',
      async (path) => {
        expectProblem(
          await raw(`GET ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`),
          404,
          'route_not_found',
        );
      },
    );

    it('should answer a path parameter over 100 characters with 414', async () => {
      const path = `/v1/cbs/sbi/${'6'.repeat(120)}`;
      expectProblem(
        await raw(`GET ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`),
        414,
        'uri_too_long',
      );
    });

    it('should answer a bad percent-encoding in the path with 400', async () => {
      expectProblem(
        await raw('GET /v1/cbs/sbi/%zz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'),
        400,
        'bad_request',
      );
    });

    it('should answer CONNECT with 405 instead of dropping the connection', async () => {
      expectProblem(
        await raw('CONNECT /admin/accounts HTTP/1.1\r\nHost: x\r\n\r\n'),
        405,
        'method_not_allowed',
      );
    });

    it('should answer an unknown method with 405', async () => {
      expectProblem(
        await raw('FOO /v1/cbs/sbi/6210 HTTP/1.1\r\nHost: x\r\n\r\n'),
        405,
        'method_not_allowed',
      );
    });

    it('should answer headers over 16 KB with 431', async () => {
      const big = `X-Big: ${'a'.repeat(20_000)}\r\n`;
      expectProblem(
        await raw(`GET /v1/cbs/sbi/6210 HTTP/1.1\r\nHost: x\r\n${big}\r\n`),
        431,
        'headers_too_large',
      );
    });

    it('should answer an unsupported Expect with 417', async () => {
      expectProblem(
        await raw('GET /v1/cbs/sbi/6210 HTTP/1.1\r\nHost: x\r\nExpect: foo\r\n\r\n'),
        417,
        'expectation_failed',
      );
    });

    it('should answer an HTTP/1.1 request without Host with 400', async () => {
      expectProblem(
        await raw('GET /v1/cbs/sbi/6210 HTTP/1.1\r\nConnection: close\r\n\r\n'),
        400,
        'bad_request',
      );
    });

    it('should answer requests during shutdown with 503, Retry-After and Connection: close', async () => {
      const gate = api.gateway.get(ShutdownGate);
      gate.closing = true;
      try {
        const res = await raw(
          `GET /v1/cbs/sbi/6210 HTTP/1.1\r\nHost: x\r\nX-Api-Key: ${key}\r\n\r\n`,
        );
        expectProblem(res, 503, 'shutting_down');
        expect(res.headers).toMatchObject({ 'retry-after': '1', connection: 'close' });
      } finally {
        gate.closing = false;
      }
    });
  });

  describe('credentials (findings 8, 13)', () => {
    it('should answer an admin token of the right length with a non-ASCII byte 401', async () => {
      const token = Buffer.concat([Buffer.from(ADMIN_TOKEN.slice(1)), Buffer.from([0xe9])]);
      const request = Buffer.concat([
        Buffer.from('GET /admin/accounts HTTP/1.1\r\nHost: x\r\nX-Admin-Token: '),
        token,
        Buffer.from('\r\nConnection: close\r\n\r\n'),
      ]);
      expectProblem(await raw(request), 401, 'unauthorized');
    });

    it('should never echo a key a caller put in the URL', async () => {
      for (const path of [
        `/v1/cbs/sbi/6210?api_key=${key}`,
        `/v1/cbs/sbi/6210?api_key=${key.replace(/_/g, '%5F')}`,
        `/v1/account/usage?api_key=${key.replace(/_/g, '%5F')}`,
      ]) {
        const res = await api.fetch(path);
        const text = await res.text();
        expect({ path, status: res.status }).toEqual({ path, status: expect.any(Number) });
        expect(text).not.toContain(key.slice(15));
        expect(JSON.parse(text).instance).toMatch(/api_key=nlk_/);
      }
    });

    it.each([
      ['/admin/accounts', '{"name":"a\\u0000b","tier":"paid"}', 'name'],
      ['/admin/accounts', '{"name":"x","tier":"paid","credits":{"toString":"x"}}', '(body)'],
    ])('should answer POST %s %s with a field error, not a 500', async (path, body, field) => {
      const res = await post(path, body, { 'x-admin-token': ADMIN_TOKEN });
      expect(res.status).toBe(400);
      expect((await jsonOf(res)).errors.map((e: { field: string }) => e.field)).toContain(field);
    });

    it('should answer two X-Api-Key headers with 400 ambiguous_credentials', async () => {
      const res = await raw(
        `GET /v1/cbs/sbi/6210 HTTP/1.1\r\nHost: x\r\nX-Api-Key: ${key}\r\nX-Api-Key: ${key}\r\nConnection: close\r\n\r\n`,
      );
      expectProblem(res, 400, 'ambiguous_credentials');
    });

    it('should answer two Authorization headers with 400 ambiguous_credentials', async () => {
      const res = await raw(
        `GET /v1/account HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${key}\r\nAuthorization: Bearer x\r\nConnection: close\r\n\r\n`,
      );
      expectProblem(res, 400, 'ambiguous_credentials');
    });

    it('should answer HEAD on a priced GET free of charge and without counting it', async () => {
      const { accountId, key: own } = await api.account({ tier: 'trial', credits: 1 });
      const headers = { 'x-api-key': own };
      for (let i = 0; i < 3; i++) {
        const head = await api.fetch('/v1/cbs/sbi/6210', { method: 'HEAD', headers });
        expect(head.status).toBe(200);
        expect(head.headers.get('x-credits-charged')).toBeNull();
      }
      expect((await api.fetch('/v1/cbs/sbi/6210', { method: 'HEAD' })).status).toBe(401);
      expect((await api.accounts.getAccount(accountId)).balance).toBe(100);
      const get = await api.fetch('/v1/cbs/sbi/6210', { headers });
      expect(get.headers.get('x-credits-charged')).toBe('0.10');
      expect(Number(get.headers.get('ratelimit-remaining'))).toBe(
        Number(get.headers.get('ratelimit-limit')) - 1,
      );
    });
  });
});
