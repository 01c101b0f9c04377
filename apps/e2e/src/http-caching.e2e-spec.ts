import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { startStack, type Stack } from './support/stack.js';

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A GET with exactly these headers (fetch would add and undo its own encodings). */
function get(api: Stack, path: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(`${api.url}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

describe('compression and conditional requests of the free documents', () => {
  let api: Stack;
  beforeAll(async () => {
    api = await startStack('standalone');
  });
  afterAll(() => api?.close());

  it.each([
    ['br', brotliDecompressSync],
    ['gzip', gunzipSync],
  ] as const)('should send /openapi.json %s-compressed when asked', async (encoding, inflate) => {
    const res = await get(api, '/openapi.json', { 'accept-encoding': encoding });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers['vary']).toMatch(/accept-encoding/i);
    const document = JSON.parse(inflate(res.body).toString('utf8')) as { openapi: string };
    expect(document.openapi).toBe('3.1.0');
    const plain = await get(api, '/openapi.json');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(res.body.length).toBeLessThan(plain.body.length / 4);
  });

  it.each(['/openapi.json', '/openapi.yaml', '/asyncapi.json', '/llms.txt', '/llms-full.txt'])(
    'should answer %s 304 to its ETag, with one ETag for every encoding',
    async (path) => {
      const first = await get(api, path, { 'accept-encoding': 'br' });
      const etag = first.headers['etag'] as string;
      expect(etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
      expect(first.headers['cache-control']).toBe('public, max-age=300');
      expect((await get(api, path, { 'accept-encoding': 'gzip' })).headers['etag']).toBe(etag);
      const again = await get(api, path, { 'if-none-match': `W/${etag}, "other"` });
      expect(again.status).toBe(304);
      expect(again.body.length).toBe(0);
      expect(again.headers['x-credits-charged']).toBeUndefined();
      const changed = await get(api, path, { 'if-none-match': '"not-this-one"' });
      expect(changed.status).toBe(200);
    },
  );

  it('should keep paid data out of shared caches, and not compress what is small', async () => {
    const paid = await get(api, '/v1/cbs/sbi/6210', { ...api.auth, 'accept-encoding': 'br' });
    expect(paid.status).toBe(200);
    expect(paid.headers['etag']).toBeUndefined();
    expect(paid.headers['cache-control']).toBe('no-store');
    const refused = await get(api, '/v1/cbs/sbi/6210');
    expect(refused.status).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
    const small = await get(api, '/health/live', { 'accept-encoding': 'br' });
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('should answer /v1/account 304 to its ETag, privately and uncharged, until it changes', async () => {
    const first = await get(api, '/v1/account', api.auth);
    expect(first.status).toBe(200);
    const etag = first.headers['etag'] as string;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const again = await get(api, '/v1/account', { ...api.auth, 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers['x-credits-charged']).toBeUndefined();
    // A paid call moves the balance: the account is another document now.
    expect((await get(api, '/v1/cbs/sbi/6210', api.auth)).status).toBe(200);
    const moved = await get(api, '/v1/account', { ...api.auth, 'if-none-match': etag });
    expect(moved.status).toBe(200);
    expect(moved.headers['etag']).not.toBe(etag);
    // Without the key there is no account to validate: the 401 is not cacheable.
    const refused = await get(api, '/v1/account', { 'if-none-match': etag });
    expect(refused.status).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
  });

  it("should echo the caller's X-Request-Id on the account's 200 and 304", async () => {
    for (const path of ['/v1/account', '/v1/account/usage']) {
      const id = { 'x-request-id': `account-${path.length}-0001` };
      const first = await get(api, path, { ...api.auth, ...id });
      const etag = first.headers['etag'] as string;
      const again = await get(api, path, { ...api.auth, ...id, 'if-none-match': etag });
      expect([path, first.status, first.headers['x-request-id']]).toEqual([
        path,
        200,
        id['x-request-id'],
      ]);
      expect([path, again.status, again.headers['x-request-id']]).toEqual([
        path,
        304,
        id['x-request-id'],
      ]);
      expect(again.headers['etag']).toBe(etag);
      expect(again.headers['ratelimit-remaining']).toBeDefined();
    }
  });

  it('should give every answer that is not a catalog call an X-Request-Id too', async () => {
    const etag = (await get(api, '/openapi.json')).headers['etag'] as string;
    const answers: [string, Record<string, string>][] = [
      ['/openapi.json', { 'if-none-match': etag }],
      ['/openapi.yaml', {}],
      ['/asyncapi.json', {}],
      ['/docs', {}],
      ['/health/live', {}],
      ['/health/ready', {}],
      ['/metrics', {}],
      ['/dashboard/sign-in', {}],
      ['/v1/account', {}], // 401
      ['/v1/account', { 'x-api-key': 'nlk_live_nope' }], // 401
      ['/v1/no-such-thing', {}], // 404
    ];
    for (const [path, headers] of answers) {
      const res = await get(api, path, headers);
      expect([path, res.status, res.headers['x-request-id']]).toEqual([
        path,
        res.status,
        expect.stringMatching(/^[0-9a-f-]{36}$/),
      ]);
    }
  });

  it('should give every other answer Cache-Control: no-store', async () => {
    for (const path of ['/health/live', '/health/ready', '/v1/no-such-thing']) {
      const res = await get(api, path);
      expect([path, res.headers['cache-control']]).toEqual([path, 'no-store']);
    }
  });
});
