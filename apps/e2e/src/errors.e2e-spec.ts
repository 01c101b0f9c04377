import { ENDPOINT_CATALOG } from '@nl/contracts-catalog';
import { SECOND, credits, type EndpointDefinition } from '@nl/contracts-core';
import { gatewayApp } from '@nl/gateway-app';
import { PROFILES, jsonOf, startStack, type Stack } from './support/stack.js';

/**
 * An endpoint the gateway routes and prices but no service answers: every domain is built now,
 * so the test catalog adds one, as a domain's endpoint looks before its handler exists.
 */
const UNSERVED: EndpointDefinition = {
  id: 'property.unserved.get',
  domain: 'property',
  method: 'GET',
  paths: ['/v1/test/unserved'],
  subject: 'property.unserved.get',
  summary: 'Not served',
  description: 'An endpoint without a handler, for the tests.',
  price: { fresh: credits(1), cached: credits(1) },
  cacheTtlMs: null,
  limits: { trial: 10, paid: 60, premium: 120 },
  x402: true,
  timeoutMs: 5 * SECOND,
};

/** A row announced but not built yet (`planned`): documented, routed, never available. */
const PLANNED: EndpointDefinition = {
  ...UNSERVED,
  id: 'property.planned.get',
  paths: ['/v1/test/planned'],
  subject: 'property.planned.get',
  planned: true,
};

const PROBLEM = /^application\/problem\+json/;

describe.each(PROFILES)('errors through the gateway (%s)', (profile) => {
  let api: Stack;
  beforeAll(async () => {
    api = await startStack(profile, {
      gateway: gatewayApp({ catalog: [...ENDPOINT_CATALOG, UNSERVED, PLANNED] }),
    });
  });
  afterAll(() => api?.close());

  it.each([
    ['/v1/cbs/sbi?per_page=0', 'per_page'],
    ['/v1/cbs/sbi?per_page=501', 'per_page'],
    ['/v1/cbs/sbi?level=9', 'level'],
    ['/v1/cbs/sbi?page=abc', 'page'],
    ['/v1/cbs/sbi?unknown=1', 'unknown'],
    ['/v1/cbs/sbi/search?q=', 'q'],
    ['/v1/cbs/sbi/search?q=%20%20', 'q'],
    [`/v1/cbs/sbi/search?q=${'a'.repeat(101)}`, 'q'],
    ['/v1/cbs/sbi/search', 'q'],
    ['/v1/cbs/sbi/search?q=x&limit=0', 'limit'],
    ['/v1/cbs/sbi/62ab', 'code'],
    ['/v1/cbs/sbi/6', 'code'],
    ['/v1/cbs/sbi?parent=6x', 'parent'],
  ])('should answer %s with 400 naming the field %s', async (path, field) => {
    const res = await api.get(path);
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(PROBLEM);
    const body = await jsonOf(res);
    expect(body).toMatchObject({
      status: 400,
      code: 'validation_failed',
      type: 'urn:nl-data-api:problem:validation_failed',
      instance: path,
    });
    expect(body.requestId).toBe(res.headers.get('x-request-id'));
    expect(body.errors.map((e: { field: string }) => e.field)).toContain(field);
  });

  it('should answer an unknown path with a 404 problem', async () => {
    const res = await api.get('/v1/nope');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(PROBLEM);
    expect(await jsonOf(res)).toMatchObject({
      status: 404,
      code: 'route_not_found',
      instance: '/v1/nope',
    });
  });

  it('should answer an unreadable JSON body with a 400 problem, not a 500', async () => {
    const res = await api.fetch('/v1/validate/vat', {
      method: 'POST',
      headers: { ...api.auth, 'content-type': 'application/json' },
      body: '{"vat_number":',
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(PROBLEM);
    expect(await jsonOf(res)).toMatchObject({ code: 'bad_request' });
  });

  it('should refuse a body over 64 KiB with 413', async () => {
    const body = JSON.stringify({ vat_number: 'x'.repeat(70_000) });
    const res = await api.fetch('/v1/validate/vat', {
      method: 'POST',
      headers: { ...api.auth, 'content-type': 'application/json' },
      body,
    });
    expect(res.status).toBe(413);
    expect(await jsonOf(res)).toMatchObject({ code: 'payload_too_large' });
  });

  it.each([['GET', UNSERVED.paths[0], 'property']])(
    'should answer %s %s (a service or endpoint not served yet) with 503 at once',
    async (method, path, service) => {
      const started = performance.now();
      const res = await api.fetch(path, {
        method,
        headers: { ...api.auth, ...(method === 'POST' && { 'content-type': 'application/json' }) },
        ...(method === 'POST' && { body: '{}' }),
      });
      expect(performance.now() - started).toBeLessThan(1_000);
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('30');
      expect(res.headers.get('content-type')).toMatch(PROBLEM);
      expect(await jsonOf(res)).toMatchObject({
        code: 'service_unavailable',
        detail: `The ${service} service is not available right now.`,
      });
    },
  );

  it('should report live and ready, and count requests in /metrics', async () => {
    expect((await api.get('/health/live')).status).toBe(200);
    const ready = await api.get('/health/ready');
    expect(ready.status).toBe(200);
    expect(await jsonOf(ready)).toMatchObject({
      status: 'ok',
      checks: { transport: { status: 'up' } },
    });
    const metrics = await (await api.get('/metrics')).text();
    expect(metrics).toMatch(
      /gateway_requests_total\{endpoint="cbs.sbi.lookup",status="400",cache="none"\} \d+/,
    );
  });

  it('should serve the OpenAPI document and the docs page', async () => {
    const doc = await jsonOf(await api.get('/openapi.json'));
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toContain('/v1/cbs/sbi/{code}');
    const docs = await api.get('/docs');
    expect(docs.status).toBe(200);
    expect(await docs.text()).toContain('swagger');
  });

  it.each([
    ['not served (no service answers its subject)', UNSERVED.paths[0], 'service_unavailable'],
    ['its upstream not configured (no KVK key)', '/v1/kvk/69599084', 'upstream_not_configured'],
  ])(
    'should not count a call to an endpoint %s against the rate limit, nor charge it',
    async (_title, path, code) => {
      const trial = await api.account({ tier: 'trial', credits: 10 });
      const headers = { 'x-api-key': trial.key };
      const first = await api.get(path, headers);
      const limit = Number(first.headers.get('ratelimit-limit'));
      expect(limit).toBeGreaterThan(0);
      expect(first.headers.get('ratelimit-remaining')).toBe(String(limit));
      const answers = [first];
      for (let i = 0; i < limit + 2; i++) answers.push(await api.get(path, headers));
      expect(new Set(answers.map((a) => a.status))).toEqual(new Set([503]));
      const last = await api.get(path, headers);
      expect((await jsonOf(last)).code).toBe(code);
      expect(last.headers.get('ratelimit-remaining')).toBe(String(limit));
      expect(new Set(answers.map((a) => a.headers.get('x-credits-charged')))).toEqual(
        new Set(['0.00']),
      );
      expect((await jsonOf(await api.get('/v1/account', headers))).balance).toBe(10);
    },
  );

  it('should list in /v1/account only what this deployment can answer as available', async () => {
    const account = await jsonOf(await api.get('/v1/account'));
    const available = Object.fromEntries(
      account.endpoints.map((e: { id: string; available: boolean }) => [e.id, e.available]),
    );
    expect(available).toMatchObject({
      'cbs.sbi.lookup': true,
      // VIES has a URL in the test profile (a local one): configured.
      'validation.vat.check': true,
      // No KVK key in the test profile: 503 upstream_not_configured.
      'kvk.company.get': false,
      'kvk.branch.get': false,
      [UNSERVED.id]: false,
      [PLANNED.id]: false,
    });
    expect(Object.values(available).filter((a) => a === true).length).toBeGreaterThan(15);
  });
});
