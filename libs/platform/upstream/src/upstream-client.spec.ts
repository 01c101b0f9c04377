import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { UpstreamClient } from './upstream-client.js';
import { UpstreamError } from './upstream-error.js';

type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;

/** A real HTTP server on 127.0.0.1 whose behaviour each test sets. */
async function server() {
  let handler: Handler = (_req, res) => res.end('{}');
  const log: { method?: string; url?: string; body: string }[] = [];
  const hanging = new Set<ServerResponse>();
  const srv = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      log.push({ method: req.method, url: req.url, body });
      hanging.add(res);
      res.on('close', () => hanging.delete(res));
      handler(req, res, body);
    });
  });
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const { port } = srv.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    log,
    set: (h: Handler) => (handler = h),
    close: async () => {
      for (const res of hanging) res.destroy();
      await new Promise((resolve) => srv.close(resolve));
    },
  };
}

const json = (status: number, body: unknown) => (_req: IncomingMessage, res: ServerResponse) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

describe(UpstreamClient.name, () => {
  let fake: Awaited<ReturnType<typeof server>>;
  beforeEach(async () => {
    fake = await server();
  });
  afterEach(() => fake.close());

  const client = (extra: Partial<ConstructorParameters<typeof UpstreamClient>[0]> = {}) =>
    new UpstreamClient({
      name: 'fake',
      baseUrl: `${fake.url}/api`,
      // Ample for an answer on a loaded CI machine (the first request of the run, cold, took
      // over 200 ms there once and was retried); the timeout test sets its own short one.
      timeoutMs: 2_000,
      backoffMs: 10,
      ...extra,
    });

  it('should send JSON with its headers and parse the JSON answer', async () => {
    fake.set(json(200, { ok: true }));
    const res = await client({ headers: { 'x-app-token': 't' } }).request({
      path: '/check',
      query: { a: 1, b: undefined },
      json: { n: 1 },
    });
    expect(res).toMatchObject({ status: 200, body: { ok: true }, attempts: 1 });
    expect(fake.log).toEqual([{ method: 'POST', url: '/api/check?a=1', body: '{"n":1}' }]);
  });

  it('should hand back a 4xx at once, without retrying', async () => {
    fake.set(json(404, { error: 'nope' }));
    const res = await client().request({ path: '/x' });
    expect(res.status).toBe(404);
    expect(fake.log).toHaveLength(1);
  });

  it('should retry a 503 a bounded number of times, then return the last answer', async () => {
    fake.set(json(503, { error: 'down' }));
    const res = await client({ retries: 2 }).request({ path: '/x' });
    expect(res).toMatchObject({ status: 503, attempts: 3 });
    expect(fake.log).toHaveLength(3);
  });

  it('should recover when a retry succeeds', async () => {
    let n = 0;
    fake.set((req, res) => (++n === 1 ? json(502, {}) : json(200, { n }))(req, res));
    const res = await client().request({ path: '/x' });
    expect(res).toMatchObject({ status: 200, body: { n: 2 }, attempts: 2 });
  });

  it('should throw a timeout after each attempt ran out of time', async () => {
    fake.set(() => undefined); // never answers
    const started = Date.now();
    const error = await client({ retries: 1, timeoutMs: 200 })
      .request({ path: '/slow' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpstreamError);
    expect(error).toMatchObject({ kind: 'timeout', upstream: 'fake' });
    expect(fake.log).toHaveLength(2);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('should throw unavailable when nothing listens', async () => {
    const dead = new UpstreamClient({
      name: 'dead',
      baseUrl: 'http://127.0.0.1:9',
      timeoutMs: 500,
      retries: 0,
    });
    await expect(dead.request({ path: '/' })).rejects.toMatchObject({ kind: 'unavailable' });
  });

  it('should open the circuit after consecutive failures and stop calling', async () => {
    fake.set(json(500, {}));
    const sut = client({ retries: 0, breakAfter: 3, halfOpenAfterMs: 60_000 });
    for (let i = 0; i < 3; i++) expect((await sut.request({ path: '/x' })).status).toBe(500);
    expect(sut.status().circuit).toBe('open');
    await expect(sut.request({ path: '/x' })).rejects.toMatchObject({ kind: 'circuit_open' });
    expect(fake.log).toHaveLength(3);
  });

  it('should close the circuit again after a successful trial call', async () => {
    fake.set(json(500, {}));
    const sut = client({ retries: 0, breakAfter: 2, halfOpenAfterMs: 50 });
    await sut.request({ path: '/x' });
    await sut.request({ path: '/x' });
    expect(sut.status().circuit).toBe('open');
    await new Promise((r) => setTimeout(r, 80));
    fake.set(json(200, {}));
    expect((await sut.request({ path: '/x' })).status).toBe(200);
    expect(sut.status()).toMatchObject({ circuit: 'closed', lastSuccessAt: expect.any(String) });
  });

  it('should not count answers the caller calls healthy as failures', async () => {
    fake.set(json(500, { errorWrappers: [{ error: 'MS_UNAVAILABLE' }] }));
    const sut = client({
      retries: 0,
      breakAfter: 1,
      isFailure: (r) => r.status >= 500 && !JSON.stringify(r.body).includes('MS_'),
    });
    for (let i = 0; i < 3; i++) expect((await sut.request({ path: '/x' })).status).toBe(500);
    expect(sut.status().circuit).toBe('closed');
  });
});
