import { execFileSync } from 'node:child_process';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { send } from './client.js';
import { FuzzGenerator, type FuzzCase } from './generator.js';
import { documentedOperations, type OpenApiDocument } from './operations.js';
import { judge } from './oracle.js';
import { reproduction, serialize, shellWord } from './request.js';

const PROBLEM = {
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ProblemDetails' } } },
};
const DOC: OpenApiDocument = {
  paths: {
    '/v1/things/{code}': {
      get: {
        operationId: 'things.get',
        parameters: [{ name: 'code', in: 'path', required: true, schema: { type: 'string' } }],
        responses: {
          '404': {
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Miss' } } },
          },
          '400': PROBLEM,
        },
      },
    },
  },
};
const CTX = { keys: ['nlk_live_abcdefghijklmnopqrstuvwxyz012345'], adminToken: 'x'.repeat(24) };

describe('fuzz generator', () => {
  it('should read operations and the statuses with bodies of their own', () => {
    const [op] = documentedOperations(DOC);
    expect(op).toMatchObject({ id: 'things.get', method: 'GET', path: '/v1/things/{code}' });
    expect([...op.jsonStatuses]).toEqual([404]);
  });

  it('should build the same bytes for the same seed and index', () => {
    const bytes = (seed: number, index: number) =>
      serialize(new FuzzGenerator(DOC, CTX, seed).caseAt(index).request, 'h').toString('latin1');
    for (let i = 0; i < 50; i++) expect(bytes(7, i)).toBe(bytes(7, i));
    expect([...Array(50).keys()].map((i) => bytes(7, i))).not.toEqual(
      [...Array(50).keys()].map((i) => bytes(8, i)),
    );
  });
  it('should first sweep every dangerous value through every free-text input', () => {
    const generator = new FuzzGenerator(DOC, CTX, 1);
    // 4 texts and 5 URL pieces for `code`; the admin routes' inputs follow.
    expect(generator.sweep.filter((e) => e.operation.id === 'things.get')).toHaveLength(9);
    const targets = [...generator.cases(9)].map((c) => c.request.target);
    expect(targets).toContain('/v1/things/%00');
    expect(targets.filter((t) => /%00/.test(t)).length).toBeGreaterThanOrEqual(4);
  });
});

describe('fuzz reproductions', () => {
  const bash = (word: string) =>
    execFileSync('bash', ['--norc', '--noprofile', '-c', `printf %s ${word}`], {
      env: { KEY: 'k' },
      stdio: ['ignore', 'pipe', 'ignore'],
    }).toString('latin1');

  it('should give back the exact bytes, runs and placeholders included', () => {
    const text = `a'b\r\n\xff%${'['.repeat(500)}p0=1&p1=1&p2=1&p3=1&p4=1&p5=1&p6=1&p7=1 SECRET`;
    const word = shellWord(text, [['SECRET', '$KEY']]);
    expect(word.length).toBeLessThan(200);
    expect(bash(word)).toBe(text.replace('SECRET', 'k'));
  });

  it('should use curl only where curl sends the request unchanged', () => {
    const request = { method: 'GET', target: '/v1/x?q=1', headers: [['X-Api-Key', 'k']] as const };
    expect(reproduction(request)).toMatch(/^curl /);
    expect(reproduction({ ...request, host: false })).toMatch(/\/dev\/tcp/);
    expect(reproduction({ ...request, target: '/docs/../x' })).toMatch(/\/dev\/tcp/);
  });
});

describe('raw client', () => {
  let server: Server;
  let port: number;
  let answer: (socket: Socket) => void;
  beforeAll(async () => {
    server = createServer((socket) => socket.once('data', () => answer(socket)));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));
  const get = (head = false) =>
    send(Buffer.from('GET / HTTP/1.1\r\n\r\n'), { host: '127.0.0.1', port, timeoutMs: 300, head });

  it('should skip 100 Continue and read a chunked body', async () => {
    answer = (s) =>
      s.end(
        'HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n',
      );
    expect(await get()).toMatchObject({ kind: 'response', status: 200, body: Buffer.from('{}') });
  });

  it('should read no body after HEAD, and a body to the close without framing', async () => {
    answer = (s) => s.write('HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\n');
    expect(await get(true)).toMatchObject({ kind: 'response', body: Buffer.alloc(0) });
    answer = (s) => s.end('HTTP/1.0 400 Bad\r\n\r\nabc');
    expect(await get()).toMatchObject({ status: 400, body: Buffer.from('abc') });
  });

  it('should tell a timeout, a reset and a close without an answer apart', async () => {
    answer = () => undefined;
    expect(await get()).toMatchObject({ kind: 'timeout' });
    answer = (s) => s.resetAndDestroy();
    expect(await get()).toMatchObject({ kind: 'reset' });
    answer = (s) => s.end();
    expect(await get()).toMatchObject({ kind: 'closed' });
  });
});

describe('fuzz oracle', () => {
  const generator = new FuzzGenerator(DOC, CTX, 1);
  const valid = (): FuzzCase => {
    for (let i = 0; ; i++) {
      const c = generator.caseAt(i);
      if (c.family === 'valid' && c.operation.id === 'things.get') return c;
    }
  };
  const response = (status: number, type: string, body = '{}') => ({
    kind: 'response' as const,
    status,
    headers: { 'content-type': type },
    body: Buffer.from(body),
    ms: 1,
  });

  it('should fail a 500 and any error that is not problem+json, unless documented', () => {
    const c = valid();
    expect(judge(c, response(500, 'application/problem+json'))).toMatchObject({ reason: '500' });
    expect(judge(c, response(400, 'application/json'))).toMatchObject({ kind: 'fail' });
    expect(judge(c, response(400, 'application/problem+json'))).toEqual({ kind: 'pass' });
    expect(judge(c, response(404, 'application/json; charset=utf-8'))).toEqual({ kind: 'pass' });
    expect(judge(c, response(503, 'application/problem+json', 'x'))).toMatchObject({
      reason: 'body not JSON',
    });
  });

  it('should fail an answer that echoes a key sent in the URL', () => {
    const c = { ...valid(), secret: CTX.keys[0] };
    const body = JSON.stringify({
      instance: '/v1/things/1?api_key=nlk%5Flive%5Fabcdefghijklmnopqrstuvwxyz012345',
    });
    expect(judge(c, response(401, 'application/problem+json', body))).toMatchObject({
      reason: 'echoes the API key (body)',
    });
  });
});
