import { FakeUpstream } from './fake-upstream.js';

describe(FakeUpstream.name, () => {
  let fake: FakeUpstream;
  beforeEach(async () => {
    fake = await FakeUpstream.start([
      {
        method: 'GET',
        path: '/resource/:id.json',
        handle: (r) => ({ body: { id: r.params['id'], q: r.query.get('q') } }),
      },
      { method: 'POST', path: '/echo', handle: (r) => ({ status: 201, body: r.json }) },
      { method: 'GET', path: '/text', handle: () => ({ body: 'plain' }) },
    ]);
  });
  afterEach(() => fake.close());

  const get = (path: string, init?: RequestInit) => fetch(`${fake.url}${path}`, init);

  it('should serve routes with parameters, JSON bodies and text, and log each call', async () => {
    expect(await (await get('/resource/42.json?q=x')).json()).toEqual({ id: '42', q: 'x' });
    const echo = await get('/echo', { method: 'POST', body: JSON.stringify({ a: 1 }) });
    expect(echo.status).toBe(201);
    expect(await echo.json()).toEqual({ a: 1 });
    expect(await (await get('/text')).text()).toBe('plain');
    expect(fake.calls.map((c) => `${c.method} ${c.path}${c.query}`)).toEqual([
      'GET /resource/42.json?q=x',
      'POST /echo',
      'GET /text',
    ]);
    expect(fake.callsTo('/resource')).toHaveLength(1);
    fake.clearCalls();
    expect(fake.calls).toEqual([]);
  });

  it('should answer 404 for an unknown route and log it', async () => {
    expect((await get('/nope')).status).toBe(404);
    expect(fake.calls).toHaveLength(1);
  });

  it('should be slow on request', async () => {
    fake.slow(150);
    const started = Date.now();
    await (await get('/text')).text();
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
  });

  it('should fail, rate-limit and drop, for every call or the next n', async () => {
    fake.fail(503, { error: 'down' }, 2);
    expect((await get('/text')).status).toBe(503);
    expect((await get('/text')).status).toBe(503);
    expect((await get('/text')).status).toBe(200);
    fake.rateLimit(7);
    const limited = await get('/text');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('7');
    fake.drop();
    await expect(get('/text')).rejects.toThrow();
    fake.reset();
    expect((await get('/text')).status).toBe(200);
  });

  it('should hang until the caller gives up, and close with requests still hanging', async () => {
    fake.timeout();
    await expect(get('/text', { signal: AbortSignal.timeout(200) })).rejects.toThrow();
    const pending = expect(get('/text')).rejects.toThrow();
    await new Promise((r) => setTimeout(r, 50));
    await fake.close();
    await pending;
    await fake.close(); // idempotent
  });
});
